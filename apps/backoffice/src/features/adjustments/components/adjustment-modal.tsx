import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldError } from '@/lib/error-message';
import { useRequestAdjustment } from '../api/request-adjustment';

/** The player the request is for, when it starts from their page (no id to type). */
export type TAdjustmentPlayer = { id: string; username: string };

/**
 * Request a credit adjustment for a player at a provider: a four-eyes request, applied once a second finance
 * member approves it. From a player's page the player is given; from Approvals the id is typed.
 */
export function AdjustmentModal({ player, onClose }: { player?: TAdjustmentPlayer; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useRequestAdjustment();
  const [playerId, setPlayerId] = useState(player?.id ?? '');
  const [provider, setProvider] = useState<TProvider | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    request.mutate(
      { playerId: playerId.trim(), provider, amount: amount.trim(), reason: reason.trim() },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('approvals.requestAdjustment')} centered>
      <form onSubmit={submit} data-testid="adjustment-form">
        <Stack>
          {player ? (
            <Text size="sm">
              {t('player')}: <span className="lc-code">{player.username}</span>
            </Text>
          ) : (
            <TextInput
              label={t('approvals.playerId')}
              name="playerId"
              required
              value={playerId}
              onChange={(event) => setPlayerId(event.currentTarget.value)}
              error={fieldError(t, request.error, 'playerId')}
            />
          )}
          <Select
            label={t('provider')}
            name="provider"
            required
            data={PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))}
            value={provider}
            onChange={(value) => setProvider(value as TProvider | null)}
            error={fieldError(t, request.error, 'provider')}
            data-testid="adjustment-provider"
          />
          <TextInput
            label={t('approvals.amount')}
            description={t('approvals.amountHint')}
            name="amount"
            inputMode="decimal"
            required
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={fieldError(t, request.error, 'amount')}
          />
          <TextInput
            label={t('reason')}
            name="reason"
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError(t, request.error, 'reason')}
          />
          <ErrorAlert error={request.error} hasFieldErrors />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={request.isPending} data-testid="adjustment-submit">
              {t('approvals.sendRequest')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
