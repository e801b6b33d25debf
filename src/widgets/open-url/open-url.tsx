"use client";
import type { ComponentPropsWithoutRef } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type openUrlKind, urlDomain } from "../../kinds/open-url";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import { type DeclineLayoutProps, ShellDecline } from "../shared/shell-decline";
import { useAnswer } from "../shared/use-answer";
import { cx, useShell } from "../shared/widget-shell";
import { type OpenUrlLabels, openUrlLabels } from "./labels";

/**
 * Consent to open a link out of band (MCP URL-mode elicitation). The full address and its
 * domain are shown before anything happens; nothing opens by itself. Opening the link (a real
 * link, in a new tab, so the browser's own cues apply) is the answer: `{ opened: true }`.
 */

export type OpenUrlRequest = RequestOf<typeof openUrlKind>;
export type OpenUrlResponse = ResponseOf<typeof openUrlKind>;
export type OpenUrlProps = HitlWidgetProps<OpenUrlRequest, OpenUrlResponse>;

interface OpenUrlContextValue {
  readonly payload: OpenUrlRequest;
  readonly domain: string;
  readonly labels: OpenUrlLabels;
  readonly open: () => void;
}
const [OpenUrlProvider, useOpenUrl] = createWidgetContext<OpenUrlContextValue>("OpenUrl");

/** The domain, prominent, then the whole address, unabridged. */
function Destination({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { payload, domain, labels } = useOpenUrl();
  return (
    <div data-slot="destination" className={cx("hitl-open-url-destination", className)} {...props}>
      <p className="hitl-open-url-domain">
        <span className="hitl-help">{labels.domainHeading} </span>
        <strong data-slot="domain">{domain}</strong>
      </p>
      <p className="hitl-open-url-address">
        <span className="hitl-help">{labels.urlHeading} </span>
        <code data-slot="url" className="hitl-code">
          {payload.url}
        </code>
      </p>
    </div>
  );
}

/** A real link (new tab, no opener): the person's click opens it and answers. */
function Open({ className, children, ...props }: ComponentPropsWithoutRef<"a">) {
  const { payload, domain, labels, open } = useOpenUrl();
  const { interactive, status } = useShell();
  if (!interactive && status !== "responded" && status !== "submitting") return null;
  return (
    <a
      href={payload.url}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      data-slot="open"
      className={cx("hitl-button hitl-button-primary", className)}
      onClick={() => {
        if (interactive) open();
      }}
      {...props}
    >
      {children ?? labels.open(domain)}
      <span className="hitl-visually-hidden"> {labels.newTab}</span>
    </a>
  );
}

function Decline(props: DeclineLayoutProps) {
  const { labels } = useOpenUrl();
  return (
    <ShellDecline label={labels.decline} reasonLabel={labels.declineReason} confirmLabel={labels.decline} {...props} />
  );
}

/** A styled consent: prompt, domain and address, Open / Don't open, status, receipt. */
export const OpenUrl = defineWidget<OpenUrlProps, OpenUrlContextValue>()({
  kind: "open-url",
  Provider: OpenUrlProvider,
  use: ({ payload, onSubmit }, { status }) => {
    const labels = useLabels("openUrl", openUrlLabels);
    const answer = useAnswer<OpenUrlResponse>({ status, onSubmit });
    return { api: { payload, domain: urlDomain(payload.url), labels, open: () => answer.submit({ opened: true }) } };
  },
  form: false,
  content: <Destination />,
  // Opening the link is the answer: the consent's Submit.
  parts: { Destination, Open, Submit: Open, Decline },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type OpenUrlRootProps = WidgetRootProps<OpenUrlProps>;
