import type { TProvider } from '@lc/shared/providers';

/** A player's wallet at a provider; `username` is the provider-side member name we derive from the player. */
export interface ProviderMember {
  username: string;
}

export type TransferDirection = 'in' | 'out';

/** A transfer the provider has applied. Amounts are THB satang. */
export interface ProviderTransfer {
  reference: string;
  direction: TransferDirection;
  amount: bigint;
  /**
   * The member's provider balance right after this transfer; null when the protocol does not report it
   * (fundtransfer-v1 answers a transfer with its error code only). Money code never reads it.
   */
  balanceAfter: bigint | null;
}

/**
 * How a transfer request ended, as far as we can know it:
 * - `applied`: the provider has it (possibly found by reference after a lost answer);
 * - `rejected`: the provider refused it (e.g. insufficient balance) and moved nothing;
 * - `unknown`: neither the request nor the look-up answered; the caller must keep the operation pending and
 *   resolve it later by reference (never by sending a new transfer with a new reference).
 */
export type TransferOutcome =
  | { status: 'applied'; transfer: ProviderTransfer }
  | { status: 'rejected'; code: string }
  | { status: 'unknown'; reason: string };

/** What the provider reports for one member: its balance and the sums of all transfers it applied. */
export interface MemberStatement {
  balance: bigint;
  transferredIn: bigint;
  transferredOut: bigint;
}

/** A transfer in the provider's transfer report (`listTransfers`): which member, which way, when applied. */
export interface ReportedTransfer {
  reference: string;
  member: string;
  direction: TransferDirection;
  /** THB satang, > 0. */
  amount: bigint;
  appliedAt: Date;
}

/** One page of the transfer report; `cursor` asks for the next page, null on the last one. */
export interface TransferReportPage {
  transfers: ReportedTransfer[];
  cursor: string | null;
}

export interface GameTab {
  id: string;
  label: string;
}

export interface Game {
  code: string;
  name: string;
  imageUrl: string;
  category: string;
  tab: string;
}

export interface GameCatalogue {
  tabs: GameTab[];
  games: Game[];
}

/** The one interface all five transfer-wallet game providers are reached through. */
export interface GameProvider {
  readonly provider: TProvider;
  ensureMember(member: ProviderMember): Promise<void>;
  getBalance(member: ProviderMember): Promise<bigint>;
  transfer(
    member: ProviderMember,
    direction: TransferDirection,
    amount: bigint,
    reference: string,
  ): Promise<TransferOutcome>;
  findTransfer(reference: string): Promise<ProviderTransfer | null>;
  /** Balance and transfer totals, for reconciliation against the ledger. */
  getStatement(member: ProviderMember): Promise<MemberStatement>;
  /**
   * The transfers the provider applied from `from` to `to` (both included), oldest first, a page at a time (pass the previous
   * page's cursor): reconciliation matches them against the ledger by reference.
   */
  listTransfers(from: Date, to: Date, cursor?: string | null): Promise<TransferReportPage>;
  listGames(tab?: string): Promise<GameCatalogue>;
  launchUrl(member: ProviderMember, gameCode: string): Promise<string>;
  /**
   * Ends the member's game sessions: every launch URL handed out so far stops playing (its page and its
   * rounds are refused). Idempotent; a member the provider never created has none, which is not an error.
   * Called when the player takes a time-out or excludes themself (play-limits/end-game-sessions.ts).
   */
  endMemberSessions(member: ProviderMember): Promise<void>;
}

/**
 * Raised by `getStatement` of a protocol whose provider reports a balance but no transfer totals
 * (fundtransfer-v1): reconciliation then sums the provider's answers to look-ups of the ledger's own
 * references instead (modules/reconciliation/statement-from-look-ups.ts). Not a failure: nothing was asked.
 */
export class TransferTotalsNotOfferedError extends Error {
  override readonly name = 'TransferTotalsNotOfferedError';

  constructor(readonly provider: TProvider) {
    super(`provider ${provider} reports no transfer totals`);
  }
}

/** Raised when a provider cannot be reached or answers with an error we cannot act on. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: TProvider,
    reason: string,
  ) {
    super(`provider ${provider} unavailable: ${reason}`);
  }
}
