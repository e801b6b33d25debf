/** Types for `scenario.mjs` (plain Node, so `npm run bench:load` needs no build step of its own). */
export interface LoadOptions {
  /** @default 200 */
  readonly sessions?: number;
  /** Sessions asked and answered at once. @default 25 */
  readonly concurrency?: number;
  /** Devices that send their answer again after it settled. @default 0.1 */
  readonly retryShare?: number;
  /** Devices that send it again while it is on its way (a reload mid-submit). @default 0.1 */
  readonly reloadShare?: number;
  /** Kill and restart Redis once and one page server once. @default true */
  readonly faults?: boolean;
  /** The guard's lease. @default the guard's own */
  readonly leaseMs?: number;
  /** The whole run's bound. @default 15 minutes */
  readonly timeLimitMs?: number;
  readonly log?: (line: string) => void;
}

export interface LoadFigures {
  readonly sessions: number;
  readonly parked: number;
  readonly answerPosts: number;
  readonly accepted202: number;
  readonly refused409: number;
  readonly unavailable503: number;
  readonly networkErrors: number;
  readonly otherStatuses: number;
  readonly devicesAccepted: number;
  readonly devicesAnsweredElsewhere: number;
  readonly devicesGaveUp: number;
  readonly resultsRecorded: number;
  readonly toolResults: number;
  readonly duplicates: number;
  readonly lost: number;
  readonly strayMessages: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly answersPerSecond: number;
  readonly askSeconds: number;
  readonly answerSeconds: number;
  readonly redisDownMs: number;
  readonly pageServerDownMs: number;
  readonly forwardsInFlightAtKill: number;
}

export function runLoad(options?: LoadOptions): Promise<{ figures: LoadFigures; problems: string[] }>;
