// @vitest-environment node
import { createHitlClient, type HitlClientOptions } from "../../src/core/client";
import { mediaKind } from "../../src/kinds/media";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/** What a plain-JavaScript caller can pass: anything. */
const create = (options: unknown) => () => createHitlClient(options as HitlClientOptions);

function transport() {
  return createTestTransport(createTestSession());
}

describe("createHitlClient's options", () => {
  it("given no kinds (a plain-JS caller), should throw a TypeError naming kinds when the client is created", () => {
    expect(create({ transport: transport() })).toThrow(TypeError);
    expect(create({ transport: transport() })).toThrow(/`kinds` must be a list of kinds/);
    expect(create({ transport: transport(), kinds: "media" })).toThrow(/`kinds` must be/);
  });

  it("given no options, or a transport that is not one, should name the transport", () => {
    expect(create(undefined)).toThrow(/`transport` must be a HitlTransport/);
    expect(create({ kinds: [mediaKind] })).toThrow(/`transport` must be a HitlTransport/);
    expect(create({ transport: {}, kinds: [mediaKind] })).toThrow(/`transport` must be/);
  });

  it("given valid options (a list of kinds or a kind source), should create the client", () => {
    expect(create({ transport: transport(), kinds: [mediaKind] })).not.toThrow();
    expect(create({ transport: transport(), kinds: { kindOf: () => undefined } })).not.toThrow();
  });
});
