import type { TGame } from '@lc/shared/contracts/games';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './games.module.css';

/** One game: cover, name and a Play button. */
export function GameCard({
  game,
  isLaunching,
  isDisabled,
  onPlay,
}: {
  game: TGame;
  isLaunching: boolean;
  isDisabled: boolean;
  onPlay: (game: TGame) => void;
}) {
  const { t } = useTranslation();
  return (
    <article className={classes.card} data-testid="game-card" data-game-code={game.code}>
      <img className={classes.image} src={game.imageUrl} alt="" width={240} height={240} loading="lazy" />
      <div className={classes.body}>
        <Text className={classes.name} fw={700} size="sm" lineClamp={2} title={game.name}>
          {game.name}
        </Text>
        <Button
          size="xs"
          radius="xl"
          fullWidth
          loading={isLaunching}
          disabled={isDisabled && !isLaunching}
          onClick={() => onPlay(game)}
          aria-label={t('games.playGame', { name: game.name })}
          data-testid="game-play"
        >
          {t('games.play')}
        </Button>
      </div>
    </article>
  );
}
