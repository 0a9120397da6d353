import type { TProvider } from '@lc/shared/providers';
import type { SandboxRoundRow } from '../../db/schema/sandbox-providers';
import { escapeHtml, groupThousands } from './html';
import { toMoney } from './to-sandbox-dto';

export const PROVIDER_LABELS: Record<TProvider, string> = {
  alphabet: 'Alphabet',
  askmebet: 'AskMeBet',
  betflix: 'Betflix',
  gclub: 'GClub',
  gclub_live: 'GClub Live',
};

/** Stakes the demo offers, in THB (the spin route accepts only these). */
export const STAKES = ['1.00', '5.00', '10.00', '50.00'] as const;

export const GAME_SCRIPT_URL = '/sandbox/providers/assets/game.js';
export const GAME_STYLE_URL = '/sandbox/providers/assets/game.css';

const OUTCOME_LABELS: Record<string, string> = {
  lose: 'No win',
  half: 'Half back',
  win: 'Win ×2',
  jackpot: 'Jackpot ×5',
  adjustment: 'Balance set',
};

/** One line of the results list; game.js writes new ones in the same shape. */
function resultItem(round: SandboxRoundRow): string {
  const net = round.win - round.stake;
  const sign = net > 0n ? '+' : net < 0n ? '−' : '±';
  const magnitude = groupThousands(toMoney(net < 0n ? -net : net));
  const tone = net > 0n ? 'up' : net < 0n ? 'down' : 'even';
  const label = OUTCOME_LABELS[round.outcome] ?? round.outcome;
  return `<li class="${tone}"><span>${escapeHtml(label)}</span><span>${sign}${magnitude}</span></li>`;
}

export type GamePageModel = {
  provider: TProvider;
  gameName: string;
  balance: bigint;
  spinUrl: string;
  rounds: SandboxRoundRow[];
};

/** The demo slot machine: plain HTML and a same-origin script (the CSP allows no inline script). */
export function renderGamePage(model: GamePageModel): string {
  const provider = PROVIDER_LABELS[model.provider];
  const options = STAKES.map(
    (stake, i) =>
      `<option value="${stake}"${i === 2 ? ' selected' : ''}>${stake.replace('.00', '')} THB</option>`,
  ).join('');
  const results = model.rounds.map(resultItem).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(model.gameName)} · ${escapeHtml(provider)} demo</title>
<link rel="stylesheet" href="${GAME_STYLE_URL}">
<script src="${GAME_SCRIPT_URL}" defer></script>
</head>
<body>
<main class="machine" data-spin-url="${escapeHtml(model.spinUrl)}">
<header>
<p class="provider">${escapeHtml(provider)} · demo game</p>
<h1>${escapeHtml(model.gameName)}</h1>
</header>
<p class="balance">Balance <strong id="balance">${groupThousands(toMoney(model.balance))}</strong> THB</p>
<div class="reels" id="reels" aria-label="Reels">
<span class="reel">7</span><span class="reel">★</span><span class="reel">♦</span>
</div>
<p class="message" id="message" role="status" aria-live="polite">Choose a stake and spin.</p>
<form class="controls" id="spin-form">
<label for="stake">Stake</label>
<select id="stake" name="stake">${options}</select>
<button type="submit" id="spin">Spin</button>
</form>
<section class="results" aria-labelledby="results-title">
<h2 id="results-title">Last results</h2>
<ol id="results">${results}</ol>
</section>
<p class="fineprint">Sandbox provider: play money, for testing only.</p>
</main>
</body>
</html>
`;
}

/** The answer for an unknown or expired game link. */
export function renderExpiredPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game link expired</title><link rel="stylesheet" href="${GAME_STYLE_URL}"></head>
<body><main class="machine"><h1>This game link has expired</h1>
<p class="message">Open the game again from your account.</p></main></body>
</html>
`;
}
