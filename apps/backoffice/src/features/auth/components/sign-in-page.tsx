import type { TStaffSessionResponse } from '@lc/shared/contracts/ops-staff';
import { Center, Paper, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/layout/language-menu';
import { CredentialsForm } from './credentials-form';
import { PasswordStep } from './password-step';
import { RecoveryCodesStep } from './recovery-codes-step';
import { TotpEnrolStep } from './totp-enrol-step';

type Step =
  | { name: 'credentials' }
  | { name: 'enrol'; session: TStaffSessionResponse; password: string }
  | { name: 'recovery'; session: TStaffSessionResponse; password: string; codes: string[] }
  | { name: 'password'; password: string };

/**
 * Sign-in, and the first sign-in's set-up in order: enrol TOTP from the QR shown to the member alone, keep
 * the ten recovery codes (shown once), then replace the initial password. Until both are done the API
 * refuses everything else (STAFF_SETUP_REQUIRED).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const enterConsole = () => navigate({ to: '/', replace: true });

  const afterSignIn = (session: TStaffSessionResponse, password: string) => {
    if (session.mustEnrolTotp) setStep({ name: 'enrol', session, password });
    else if (session.mustChangePassword) setStep({ name: 'password', password });
    else void enterConsole();
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={440}>
        <Title order={1} size="h3" mb="md">
          {t(`signIn.title.${step.name}`)}
        </Title>
        {step.name === 'credentials' ? <CredentialsForm onSignedIn={afterSignIn} /> : null}
        {step.name === 'enrol' && step.session.totp ? (
          <TotpEnrolStep
            totp={step.session.totp}
            onEnrolled={(codes) => setStep({ ...step, name: 'recovery', codes })}
          />
        ) : null}
        {step.name === 'recovery' ? (
          <RecoveryCodesStep
            codes={step.codes}
            onDone={() =>
              step.session.mustChangePassword
                ? setStep({ name: 'password', password: step.password })
                : void enterConsole()
            }
          />
        ) : null}
        {step.name === 'password' ? (
          <PasswordStep currentPassword={step.password} onChanged={() => void enterConsole()} />
        ) : null}
      </Paper>
      <div style={{ position: 'fixed', top: 12, right: 12 }}>
        <LanguageMenu />
      </div>
    </Center>
  );
}
