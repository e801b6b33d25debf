"use client";
import { useRef, useState } from "react";
import type { ParkedRequest } from "../core/model";
import { useLabels } from "./labels";
import { useHitlClient } from "./provider";
import { rendererLabels } from "./renderer-labels";

/**
 * The batches "Approve all" is offered for: two or more OPEN native approvals that share a
 * `batch` and offer "approve", by batch, in queue order. A request already on its way is not
 * counted, so a batch whose answers went out has no button left to press twice.
 */
export function approvalBatches(requests: readonly ParkedRequest[]): ReadonlyMap<string, readonly string[]> {
  const batches = new Map<string, string[]>();
  for (const request of requests) {
    if (request.batch === undefined || request.state !== "open" || !offersApprove(request)) continue;
    const ids = batches.get(request.batch) ?? [];
    ids.push(request.requestId);
    batches.set(request.batch, ids);
  }
  for (const [batch, ids] of batches) if (ids.length < 2) batches.delete(batch);
  return batches;
}

const APPROVE = { type: "value", value: { decision: "approve" } } as const;

// A loose read of the unparsed payload: the client's answer check (the kind's `check`) is the
// authority, and refuses an approve the request does not offer.
function offersApprove(request: ParkedRequest): boolean {
  if (request.kind !== "approval" || request.native !== true) return false;
  const decisions = (request.payload as { decisions?: unknown } | null)?.decisions;
  return !Array.isArray(decisions) || decisions.includes("approve");
}

/**
 * The renderer's "Approve all" for one batch (a group labelled with its size), placed right before
 * the batch's first request. Once pressed the batch is no longer open and the button goes: focus
 * moves to that first request (its receipt), not to the page's top.
 */
export function ApproveAll({ requestIds }: { readonly requestIds: readonly string[] }) {
  const client = useHitlClient();
  const labels = useLabels("renderer", rendererLabels);
  const ref = useRef<HTMLFieldSetElement>(null);
  // A refusal (reconnecting, a request that does not offer approve) is said here, as a widget
  // says its own; the requests it left open stay in the batch to press again.
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  return (
    <fieldset ref={ref} data-slot="batch" aria-label={labels.batch(requestIds.length)} className="hitl-batch">
      <button
        type="button"
        data-slot="approve-all"
        className="hitl-button hitl-button-primary"
        onClick={() => {
          const first = ref.current?.nextElementSibling;
          // One answer per request through the client's gate (each its own check, journal and
          // exactly-once): nothing batched on the wire that the transport would not batch itself.
          const refused = requestIds
            .map((requestId) => client.answer(requestId, APPROVE))
            .find((result) => !result.ok && result.status !== "already-answered");
          setRefusal(refused && !refused.ok ? refused.issues.map((issue) => issue.message).join(" ") : undefined);
          if (!refused && first instanceof HTMLElement) first.focus();
        }}
      >
        {labels.approveAll(requestIds.length)}
      </button>
      <span data-slot="status" role="status" className="hitl-status">
        {refusal}
      </span>
    </fieldset>
  );
}
