import { isSafeMediaUrl } from "../../src/kinds";

describe("isSafeMediaUrl", () => {
  it.each([
    ["an https URL", "https://example.com/a.jpg"],
    ["an http URL", "http://example.com/a.jpg"],
    ["an upper-case scheme", "HTTPS://EXAMPLE.COM/A.JPG"],
    ["a blob URL", "blob:https://example.com/6a1e2b0c-1234-4d5e-9f00-abcdefabcdef"],
    ["a data:image/png URL", "data:image/png;base64,iVBORw0KGgo="],
    ["an upper-case data:image URL", "DATA:IMAGE/JPEG;base64,/9j/4AAQ"],
    [
      "a data:image/svg+xml URL (rendered via <img>, scripts never run)",
      "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>",
    ],
    ["a same-origin path", "/media/a.jpg"],
    ["a protocol-relative URL (inherits http(s))", "//cdn.example.com/x.png"],
    ["a URL with an interior space", "https://example.com/my photo.jpg"],
  ])("given %s, should allow it", (_, url) => {
    expect(isSafeMediaUrl(url)).toBe(true);
  });

  it.each([
    ["a javascript: URL", "javascript:alert(1)"],
    ["a mixed-case javascript: URL", "JaVaScRiPt:alert(1)"],
    ["a javascript: URL behind a leading space", " javascript:alert(1)"],
    ["a javascript: URL split by a tab", "java\tscript:alert(1)"],
    ["a javascript: URL split by a newline", "java\nscript:alert(1)"],
    ["a javascript: URL behind a NUL", "\u0000javascript:alert(1)"],
    ["an https URL with a trailing newline", "https://example.com/a.jpg\n"],
    ["an https URL with a leading space", " https://example.com/a.jpg"],
    ["a data:text/html URL", "data:text/html,<script>alert(1)</script>"],
    ["a data: URL without a media type", "data:,hello"],
    ["a data:image URL without a subtype", "data:image,abc"],
    ["a data: URL with a space before the media type", "data: image/png;base64,AAAA"],
    ["a file: URL", "file:///etc/passwd"],
    ["a vbscript: URL", "vbscript:msgbox(1)"],
    ["an ftp: URL", "ftp://example.com/a.jpg"],
    ["about:blank", "about:blank"],
    ["a bare relative path", "a.jpg"],
    ["a dot-relative path", "./a.jpg"],
    ["a parent-relative path", "../a.jpg"],
    ["garbage", "not a url"],
    ["an empty string", ""],
  ])("given %s, should refuse it", (_, url) => {
    expect(isSafeMediaUrl(url)).toBe(false);
  });
});
