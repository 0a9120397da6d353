import type { TCreateTransferRequest, TTransferRecord } from '@lc/shared/contracts/transfers';
import type { TProvider } from '@lc/shared/providers';
import { Drawer, Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '@/components/layout/use-opened-after-mount';
import { useSubmissionKey } from '@/features/orders/hooks/use-submission-key';
import { useOrderEvents } from '@/lib/order-events';
import { useCreateTransfer } from '../api/create-transfer';
import { transferErrorMessage } from '../lib/transfer-error';
import {
  type TransferFormValues,
  type TransferLimits,
  toCreateTransferRequest,
  validateTransfer,
} from '../lib/transfer-form';
import { MoveCreditConfirm } from './move-credit-confirm';
import { MoveCreditForm } from './move-credit-form';
import { MoveCreditResult } from './move-credit-result';

/** Live balance of each provider as the credit feature holds it (composed in by the route). */
export type TransferBalances = Record<string, { amount: string | undefined; isFetching: boolean }>;

type Step = { name: 'form' } | { name: 'confirm'; body: TCreateTransferRequest } | { name: 'result' };

/** Phones (≤ 576 px, the bottom-bar breakpoint) get a bottom sheet; wider screens a centred dialog. */
const PHONE_QUERY = '(max-width: 576px)';

/**
 * Move credit between providers: choose (from, to, amount), confirm what will happen, see the outcome. Each
 * confirmed attempt sends one Idempotency-Key (a retry after no answer sends the same one). Mounted afresh on
 * every open by the route, so a new Move starts from the form with the tile's provider.
 */
export function MoveCreditDialog({
  opened,
  from,
  balances,
  limits,
  onClose,
  onCreditMoved,
}: {
  opened: boolean;
  from: TProvider;
  balances: TransferBalances;
  limits: TransferLimits;
  onClose: () => void;
  onCreditMoved: () => void;
}) {
  const { t } = useTranslation();
  const isOpen = useOpenedAfterMount(opened);
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const create = useCreateTransfer({ onCreditMoved });
  const submission = useSubmissionKey();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [error, setError] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<TTransferRecord | null>(null);
  const form = useForm<TransferFormValues>({
    mode: 'controlled',
    initialValues: { from, to: '', amount: '' },
    validate: (values) => validateTransfer(values, { limits, balance: balances[values.from]?.amount }),
  });
  // A PENDING transfer finished by the server while the dialog is open: its outcome replaces "moving".
  useOrderEvents({
    onOrder: (event) => {
      if (event.kind === 'transfer' && transfer && event.code === transfer.reference) {
        setTransfer({ ...transfer, status: event.status });
      }
    },
  });

  const next = form.onSubmit((values) => {
    setError(null);
    setStep({ name: 'confirm', body: toCreateTransferRequest(values) });
  });

  const confirm = (body: TCreateTransferRequest) => {
    create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) }).then(
      (answer) => {
        submission.settle();
        setTransfer(answer.transfer);
        setStep({ name: 'result' });
      },
      (cause: unknown) => {
        submission.settle(cause);
        setError(transferErrorMessage(t, cause, { from: body.from, to: body.to, limits }));
        setStep({ name: 'form' });
      },
    );
  };

  // Closing while the transfer is being sent would hide its outcome: the dialog stays until the answer.
  const close = () => {
    if (!create.isPending) onClose();
  };

  let content: React.ReactNode;
  if (step.name === 'result' && transfer) content = <MoveCreditResult transfer={transfer} onClose={close} />;
  else if (step.name === 'confirm')
    content = (
      <MoveCreditConfirm
        body={step.body}
        balances={balances}
        isSending={create.isPending}
        onBack={() => setStep({ name: 'form' })}
        onConfirm={() => confirm(step.body)}
      />
    );
  else
    content = (
      <MoveCreditForm form={form} balances={balances} limits={limits} error={error} onSubmit={next} />
    );

  const shared = {
    opened: isOpen,
    onClose: close,
    title: t('transfer.title'),
    closeButtonProps: { 'aria-label': t('common.close') },
  };
  return isPhone ? (
    <Drawer {...shared} position="bottom" classNames={{ content: 'bottom-sheet' }}>
      {content}
    </Drawer>
  ) : (
    <Modal {...shared} centered>
      {content}
    </Modal>
  );
}
