import { Button, Group } from '@mantine/core';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconShare } from '@/components/icons';
import classes from '@/features/orders/components/order-ui.module.css';

type Picture = { url: string; file: File; isShareable: boolean };

/**
 * The deposit QR as a PNG picture, so a player paying from this same phone can keep it: a long press saves it
 * (an SVG offers no "save image"), Save downloads it, Share hands it to a banking app where the browser has the
 * Web Share API with files. The canvas only draws the picture and stays hidden.
 */
export function DepositQrImage({
  payload,
  code,
  label,
  shareText,
  isExpired,
}: {
  payload: string;
  code: string;
  label: string;
  shareText: string;
  isExpired: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new payload redraws the canvas, so it is read again.
  useEffect(() => {
    // The library draws in its own effect, which runs before this one (children first).
    let url: string | null = null;
    let isCurrent = true;
    canvas.current?.toBlob((blob) => {
      if (!blob || !isCurrent) return;
      url = URL.createObjectURL(blob);
      const file = new File([blob], `laoqr-${code}.png`, { type: 'image/png' });
      const isShareable = typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
      setPicture({ url, file, isShareable });
    }, 'image/png');
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [payload, code]);

  const share = () => {
    if (!picture) return;
    navigator.share({ files: [picture.file], title: label, text: shareText }).catch(() => {
      // The player closed the share sheet, or the target refused: the picture is still on screen to save.
    });
  };

  return (
    <>
      <QRCodeCanvas ref={canvas} value={payload} size={448} level="M" marginSize={4} hidden />
      <div className={classes.qrFrame} data-expired={isExpired || undefined}>
        {picture ? (
          <img
            className={classes.qrImage}
            src={picture.url}
            alt={label}
            width={208}
            height={208}
            data-testid="deposit-qr-image"
            data-payload={payload}
          />
        ) : (
          <div className={classes.qrImage} />
        )}
      </div>
      <Group gap="xs" justify="center" wrap="nowrap">
        <Button
          component="a"
          href={picture?.url}
          download={picture?.file.name}
          variant="light"
          size="sm"
          h={44}
          leftSection={<IconDownload size={16} />}
          // An <a> without href leaves the tab order, so until the PNG is drawn (slow on a busy phone) a keyboard
          // player would skip Save: it stays focusable and says it is not ready yet.
          tabIndex={0}
          aria-disabled={picture ? undefined : true}
          data-disabled={picture ? undefined : true}
          data-testid="deposit-qr-save"
        >
          {t('deposit.saveQr')}
        </Button>
        {picture?.isShareable ? (
          <Button
            variant="light"
            size="sm"
            h={44}
            leftSection={<IconShare size={16} />}
            onClick={share}
            data-testid="deposit-qr-share"
          >
            {t('deposit.shareQr')}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
