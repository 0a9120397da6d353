import type { TPromotion, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormNotice } from '@/components/form-alert';
import { useLandInView } from '@/components/land-in-view';
import { useTakePromotion } from '../api/take-promotion';
import { promotionErrorMessage } from '../lib/promotion-error';
import { PromotionRulesList } from './promotion-rules-list';
import { UsageControls } from './usage-controls';

/**
 * What a player can do with one promotion: choose one of its providers and Use it; on the promotion in use,
 * its state with Recheck and Cancel; a blocked player reads why instead of the Use button. With `terms`
 * (where its rules are not on screen already, as on a card), Use first shows every rule for the game chosen,
 * and Take it takes it: a promotion is never taken before its rules were seen (docs/decisions/0074).
 */
export function PromotionActions({
  promotion,
  usage,
  isBlocked,
  onUsageChanged,
  terms,
}: {
  promotion: Pick<TPromotion, 'id' | 'providers'>;
  /** The player's usage in use when it is of this promotion, else null. */
  usage: TPromotionUsage | null;
  isBlocked: boolean;
  onUsageChanged?: () => void;
  /** The whole promotion and the agency's credit threshold (THB), to show the rules before taking it. */
  terms?: { promotion: TPromotion; threshold: string };
}) {
  const { t } = useTranslation();
  const taking = useTakePromotion({ onUsageChanged });
  const [provider, setProvider] = useState<string | null>(
    promotion.providers.length === 1 ? (promotion.providers[0] ?? null) : null,
  );
  const [providerError, setProviderError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The rules shown for this game, waiting for Take it (with `terms` only).
  const [reading, setReading] = useState<string | null>(null);
  const termsPanel = useLandInView<HTMLDivElement>(reading);

  const take = (providerId: string) =>
    taking.mutate(
      { promotionId: promotion.id, providerId },
      {
        onSuccess: () => setReading(null),
        onError: (cause) => setError(promotionErrorMessage(t, cause)),
      },
    );

  const use = () => {
    setNotice(null);
    setError(null);
    if (!provider) {
      setProviderError(t('promotion.chooseProvider'));
      return;
    }
    if (terms) setReading(provider);
    else take(provider);
  };

  let controls: React.ReactNode;
  if (usage) {
    controls = (
      <UsageControls
        usage={usage}
        onUsageChanged={onUsageChanged}
        onNotice={(message) => {
          setError(null);
          setNotice(message);
        }}
        onError={(message) => {
          // A new action or its failure replaces the last message.
          setNotice(null);
          setError(message);
        }}
      />
    );
  } else if (isBlocked) {
    controls = (
      <Text size="sm" c="red.4" data-testid="promotion-blocked-note">
        {t('errors:messages.blockedFromPromotions')}
      </Text>
    );
  } else if (terms && reading) {
    controls = (
      <Paper
        ref={termsPanel}
        tabIndex={-1}
        className="land-in-view"
        withBorder
        p="sm"
        radius="md"
        data-testid="promotion-terms"
      >
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('promotion.termsTitle', { provider: t(`providers.${reading}`) })}
          </Title>
          <PromotionRulesList promotion={terms.promotion} threshold={terms.threshold} provider={reading} />
          <Group gap="xs" justify="flex-end">
            <Button variant="subtle" onClick={() => setReading(null)} data-testid="promotion-use-back">
              {t('promotion.termsBack')}
            </Button>
            <Button
              loading={taking.isPending}
              onClick={() => take(reading)}
              data-testid="promotion-use-confirm"
            >
              {t('promotion.termsAccept')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  } else {
    controls = (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={t('orders.provider')}
          placeholder={t('orders.choose')}
          data={promotion.providers.map((value) => ({ value, label: t(`providers.${value}`) }))}
          value={provider}
          onChange={(value) => {
            setProvider(value);
            setProviderError(null);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={providerError}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="promotion-provider"
        />
        <Button loading={taking.isPending} onClick={use} data-testid="promotion-use">
          {t('promotion.use')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="sm">
      <FormAlert message={error} testId="promotion-error" />
      <FormNotice message={notice} testId="promotion-message" />
      {controls}
    </Stack>
  );
}
