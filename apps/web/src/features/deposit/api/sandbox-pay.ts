import { ApiError } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

const PATH = '/sandbox/bank/payments';

/**
 * Sandbox only: records a payment of the QR as if the player had scanned it with a banking app. Outside
 * `/api`, so it does not go through the API client; failures still become an {@link ApiError}.
 */
export async function payWithSandboxBank(body: { payload: string; amount: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: String(cause), path: PATH });
  }
  if (response.ok) return;
  const json: unknown = await response.json().catch(() => null);
  const error =
    typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'object'
      ? json.error
      : null;
  const code =
    error && 'code' in error && typeof error.code === 'string' ? error.code : `HTTP_${response.status}`;
  throw new ApiError({ status: response.status, code, message: response.statusText, path: PATH });
}

export function useSandboxPay() {
  return useMutation({ mutationFn: payWithSandboxBank });
}
