import type { TMeResponse, TStaffSessionResponse } from '@lc/shared/contracts/ops-staff';
import { Center, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LanguageMenu } from '@/components/layout/language-menu';
import { PageSpinner } from '@/components/page-spinner';
import { meQueryOptions, pendingTotpQueryOptions } from '../api/get-me';
import { CredentialsForm } from './credentials-form';
import { PasswordStep } from './password-step';
import { RecoveryCodesStep } from './recovery-codes-step';
import { TotpEnrolStep } from './totp-enrol-step';

/** `password`: the initial password typed at sign-in, known until a reload (then the member types it again). */
type Step =
  | { name: 'credentials' }
  | { name: 'enrol'; mustChangePassword: boolean; password?: string; totp?: TStaffSessionResponse['totp'] }
  | { name: 'recovery'; mustChangePassword: boolean; password?: string; codes: string[] }
  | { name: 'password'; password?: string };

/** Where a session that is already open (a reload, a console page of a member not set up) picks up. */
function resumedStep(me: TMeResponse | undefined): Step {
  if (me?.mustEnrolTotp) return { name: 'enrol', mustChangePassword: me.mustChangePassword };
  if (me?.mustChangePassword) return { name: 'password' };
  return { name: 'credentials' };
}

/** The enrolment step of a session opened before this page: the secret being enrolled, asked again. */
function ResumedEnrol({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const pending = useQuery(pendingTotpQueryOptions());
  if (pending.error) return <ErrorAlert error={pending.error} />;
  if (!pending.data) return <PageSpinner />;
  return <TotpEnrolStep totp={pending.data.totp} onEnrolled={onEnrolled} />;
}

/**
 * Sign-in, and the first sign-in's set-up in order: enrol TOTP from the QR shown to the member alone, keep
 * the ten recovery codes (shown once), then replace the initial password. Until both are done the API
 * refuses everything else (STAFF_SETUP_REQUIRED). A reload in the middle, or a console page opened before
 * the set-up is done, comes back to the step still owed with the same secret (decision 0076).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // An open session owing set-up resumes it; none (401) or a finished one shows the sign-in form.
  const me = useQuery({ ...meQueryOptions(), retry: false, staleTime: 0 });
  const [chosen, setChosen] = useState<Step | null>(null);
  const enterConsole = () => navigate({ to: '/', replace: true });

  const afterSignIn = (session: TStaffSessionResponse, password: string) => {
    const { mustChangePassword } = session;
    if (session.mustEnrolTotp) setChosen({ name: 'enrol', mustChangePassword, password, totp: session.totp });
    else if (mustChangePassword) setChosen({ name: 'password', password });
    else void enterConsole();
  };
  if (!chosen && me.isPending) return <PageSpinner />;
  const step = chosen ?? resumedStep(me.data);
  const afterEnrol = (codes: string[]) =>
    step.name === 'enrol' &&
    setChosen({
      name: 'recovery',
      mustChangePassword: step.mustChangePassword,
      password: step.password,
      codes,
    });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={440}>
        <Title order={1} size="h3" mb="md">
          {t(`signIn.title.${step.name}`)}
        </Title>
        {step.name === 'credentials' ? <CredentialsForm onSignedIn={afterSignIn} /> : null}
        {step.name === 'enrol' && step.totp ? (
          <TotpEnrolStep totp={step.totp} onEnrolled={afterEnrol} />
        ) : null}
        {step.name === 'enrol' && !step.totp ? <ResumedEnrol onEnrolled={afterEnrol} /> : null}
        {step.name === 'recovery' ? (
          <RecoveryCodesStep
            codes={step.codes}
            onDone={() =>
              step.mustChangePassword
                ? setChosen({ name: 'password', password: step.password })
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
