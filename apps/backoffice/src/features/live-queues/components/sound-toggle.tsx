import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSoundOn, setSoundOn } from '../lib/queue-sound';

/** Whether a new item in a queue beeps; kept in this browser (off by default). */
export function SoundToggle() {
  const { t } = useTranslation();
  const [isOn, setIsOn] = useState(isSoundOn);
  return (
    <Switch
      size="sm"
      label={t('live.sound')}
      checked={isOn}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setSoundOn(next);
        setIsOn(next);
      }}
      data-testid="sound-toggle"
    />
  );
}
