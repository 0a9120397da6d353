import { Alert } from '@mantine/core';
import { IconAlert, IconCheck } from './icons';
import { useLandInView } from './land-in-view';

/**
 * The one error banner of a form (translated API or validation message); renders nothing without one. Each
 * new message lands in view and takes the focus (land-in-view.ts): on a phone the banner at the top of a form
 * is out of sight while the thumb is on the button, which then seems dead. `focusOnShow={false}` only where the
 * banner is always in sight and moving the focus would take it from where the player types.
 */
export function FormAlert({
  message,
  testId = 'form-error',
  focusOnShow = true,
}: {
  message: string | null;
  testId?: string;
  focusOnShow?: boolean;
}) {
  const ref = useLandInView<HTMLDivElement>(focusOnShow ? message : null);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      className="land-in-view"
      color="red"
      variant="light"
      icon={<IconAlert size={18} />}
      role="alert"
      data-testid={testId}
    >
      {message}
    </Alert>
  );
}

/**
 * The result of a form's action in words (done, or what happens next), in the same place and way as
 * {@link FormAlert}: it lands in view and takes the focus, announced politely (`role="status"`).
 */
export function FormNotice({
  message,
  testId = 'form-notice',
  color = 'teal',
  icon = <IconCheck size={18} />,
  kind,
}: {
  message: string | null;
  testId?: string;
  color?: string;
  icon?: React.ReactNode;
  /** Exposed as `data-kind` (which notice it is, for tests and support). */
  kind?: string;
}) {
  const ref = useLandInView<HTMLDivElement>(message);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      className="land-in-view"
      color={color}
      variant="light"
      icon={icon}
      role="status"
      data-testid={testId}
      data-kind={kind}
    >
      {message}
    </Alert>
  );
}
