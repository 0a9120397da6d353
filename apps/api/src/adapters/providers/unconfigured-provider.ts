import type { TProvider } from '@lc/shared/providers';
import {
  type GameCatalogue,
  type GameProvider,
  type MemberStatement,
  type ProviderTransfer,
  ProviderUnavailableError,
  type TransferOutcome,
  type TransferReportPage,
} from './game-provider';

/**
 * A provider the deployment has no URL and key for (production starts without them: go-live, decision 0068).
 * Nothing is sent anywhere: every call answers "unavailable" (players see 503 PROVIDER_UNAVAILABLE), a
 * transfer is refused as never sent, and the readiness check names what to set.
 */
export class UnconfiguredProvider implements GameProvider {
  /** `reason`: why nothing answers (default: the deployment has no URL and key for it). */
  constructor(
    readonly provider: TProvider,
    private readonly reason = `not configured (set PROVIDER_${provider.toUpperCase()}_URL and PROVIDER_${provider.toUpperCase()}_KEY)`,
  ) {}

  private unavailable(): ProviderUnavailableError {
    return new ProviderUnavailableError(this.provider, this.reason);
  }

  async ensureMember(): Promise<void> {
    throw this.unavailable();
  }
  async getBalance(): Promise<bigint> {
    throw this.unavailable();
  }
  // Nothing was sent, so nothing can have moved: refused, never "unknown".
  async transfer(): Promise<TransferOutcome> {
    return { status: 'rejected', code: 'PROVIDER_NOT_CONFIGURED' };
  }
  async findTransfer(): Promise<ProviderTransfer | null> {
    throw this.unavailable();
  }
  async getStatement(): Promise<MemberStatement> {
    throw this.unavailable();
  }
  async listTransfers(): Promise<TransferReportPage> {
    throw this.unavailable();
  }
  async listGames(): Promise<GameCatalogue> {
    throw this.unavailable();
  }
  async launchUrl(): Promise<string> {
    throw this.unavailable();
  }
  // No member can exist at a provider never reached: there is no session to end.
  async endMemberSessions(): Promise<void> {}
}
