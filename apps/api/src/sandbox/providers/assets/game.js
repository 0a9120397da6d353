// Demo slot machine of the sandbox providers: served as a file because the CSP allows no inline script.
// The server decides every outcome; this only sends the stake and shows the answer.
(() => {
  const machine = document.querySelector('[data-spin-url]');
  if (!machine) return;
  const spinUrl = machine.getAttribute('data-spin-url');
  const form = document.getElementById('spin-form');
  const stake = document.getElementById('stake');
  const button = document.getElementById('spin');
  const reels = document.getElementById('reels');
  const balance = document.getElementById('balance');
  const message = document.getElementById('message');
  const results = document.getElementById('results');

  const LABELS = { lose: 'No win', half: 'Half back', win: 'Win ×2', jackpot: 'Jackpot ×5' };
  const MESSAGES = {
    lose: 'No luck this time.',
    half: 'Half of the stake back.',
    win: 'You win!',
    jackpot: 'JACKPOT! Five times the stake!',
  };

  // Amounts stay strings: "1234.50" → "1,234.50".
  const group = (amount) => {
    const [whole, fraction] = amount.split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return fraction === undefined ? grouped : `${grouped}.${fraction}`;
  };

  const addResult = (outcome, net) => {
    const item = document.createElement('li');
    const isDown = net.startsWith('-');
    const isEven = /^-?0+(\.0+)?$/.test(net);
    item.className = isEven ? 'even' : isDown ? 'down' : 'up';
    const label = document.createElement('span');
    label.textContent = LABELS[outcome] || outcome;
    const amount = document.createElement('span');
    const sign = isEven ? '±' : isDown ? '−' : '+';
    amount.textContent = sign + group(net.replace(/^-/, ''));
    item.append(label, amount);
    results.prepend(item);
    while (results.children.length > 10) results.lastElementChild.remove();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    reels.classList.remove('won');
    reels.classList.add('spinning');
    message.textContent = 'Spinning…';
    try {
      const response = await fetch(spinUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stake: stake.value }),
      });
      const body = await response.json().catch(() => ({}));
      // A short pause so the reels are seen turning even on a fast server.
      await new Promise((resolve) => setTimeout(resolve, 450));
      if (!response.ok) {
        message.textContent =
          body.code === 'INSUFFICIENT_BALANCE'
            ? 'Not enough balance for this stake.'
            : body.code === 'LAUNCH_NOT_FOUND'
              ? 'This game link has expired. Open the game again.'
              : 'Something went wrong. Please try again.';
        return;
      }
      body.reels.forEach((symbol, i) => {
        reels.children[i].textContent = symbol;
      });
      if (body.outcome === 'win' || body.outcome === 'jackpot') reels.classList.add('won');
      balance.textContent = group(body.balance);
      message.textContent = MESSAGES[body.outcome] || '';
      addResult(body.outcome, body.net);
    } catch {
      message.textContent = 'Connection lost. Please try again.';
    } finally {
      reels.classList.remove('spinning');
      button.disabled = false;
    }
  });
})();
