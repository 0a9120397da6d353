import type { TPromotion, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { IconCheck } from '@/components/icons';
import { useTakePromotion } from '../api/take-promotion';
import { promotionErrorMessage } from '../lib/promotion-error';
import { UsageControls } from './usage-controls';

/**
 * What a player can do with one promotion: choose one of its providers and Use it; on the promotion in use,
 * its state with Recheck and Cancel; a blocked player reads why instead of the Use button.
 */
export function PromotionActions({
  promotion,
  usage,
  isBlocked,
  onUsageChanged,
}: {
  promotion: Pick<TPromotion, 'id' | 'providers'>;
  /** The player's usage in use when it is of this promotion, else null. */
  usage: TPromotionUsage | null;
  isBlocked: boolean;
  onUsageChanged?: () => void;
}) {
  const { t } = useTranslation();
  const take = useTakePromotion({ onUsageChanged });
  const [provider, setProvider] = useState<string | null>(
    promotion.providers.length === 1 ? (promotion.providers[0] ?? null) : null,
  );
  const [providerError, setProviderError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const use = () => {
    setNotice(null);
    setError(null);
    if (!provider) {
      setProviderError(t('promotion.chooseProvider'));
      return;
    }
    take.mutate(
      { promotionId: promotion.id, providerId: provider },
      { onError: (cause) => setError(promotionErrorMessage(t, cause)) },
    );
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
        <Button loading={take.isPending} onClick={use} data-testid="promotion-use">
          {t('promotion.use')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="sm">
      <FormAlert message={error} testId="promotion-error" />
      {notice ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} />}
          role="status"
          data-testid="promotion-message"
        >
          {notice}
        </Alert>
      ) : null}
      {controls}
    </Stack>
  );
}
