import type { SVGProps } from 'react';

/** Small stroke icons drawn for this app (24×24 grid), so no icon library lands in the bundle. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };
export type IconComponent = (props: IconProps) => React.JSX.Element;

function makeIcon(paths: React.ReactNode, filled = false): IconComponent {
  return function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const IconGamepad = makeIcon(
  <>
    <path d="M6 8h12a4 4 0 0 1 4 4v2a4 4 0 0 1-7 2.6L14 15h-4l-1 1.6A4 4 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
    <path d="M8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01" />
  </>,
);
export const IconDeposit = makeIcon(
  <>
    <path d="M12 3v10m-4-4 4 4 4-4" />
    <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </>,
);
export const IconWithdraw = makeIcon(
  <>
    <path d="M12 14V4M8 8l4-4 4 4" />
    <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </>,
);
export const IconGift = makeIcon(
  <>
    <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13" />
    <path d="M12 7c-1.5-3-5-3.5-5.5-1.5S9 7 12 7zm0 0c1.5-3 5-3.5 5.5-1.5S15 7 12 7z" />
  </>,
);
/** Credit moved between providers: one arrow out, one in. */
export const IconTransfer = makeIcon(<path d="M4 8h15m-4-4 4 4-4 4M20 16H5m4-4-4 4 4 4" />);
export const IconBank = makeIcon(<path d="M3 10h18L12 4zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />);
export const IconHistory = makeIcon(
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
    <path d="M3.5 4v4.5H8M12 8v4l3 2" />
  </>,
);
export const IconKey = makeIcon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.2-8.2M16 7l2.5 2.5M14 9l2 2" />
  </>,
);
export const IconLogout = makeIcon(
  <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10" />,
);
export const IconLogin = makeIcon(
  <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l4-4-4-4M13 12H3" />,
);
export const IconUserPlus = makeIcon(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </>,
);
export const IconChevronDown = makeIcon(<path d="m6 9 6 6 6-6" />);
export const IconArrowUp = makeIcon(<path d="M12 19V5M5 12l7-7 7 7" />);
export const IconArrowLeft = makeIcon(<path d="M19 12H5M12 19l-7-7 7-7" />);
export const IconGlobe = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const IconHeadset = makeIcon(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <path d="M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-5 2" />
  </>,
);
export const IconHourglass = makeIcon(
  <path d="M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9" />,
);
export const IconAlert = makeIcon(
  <>
    <path d="M12 3 2 20h20z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);
export const IconWallet = makeIcon(
  <>
    <path d="M4 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4z" />
    <path d="M4 6V5a1 1 0 0 1 1-1h11v2M15 13h2" />
  </>,
);
export const IconRefresh = makeIcon(
  <path d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" />,
);
export const IconCheck = makeIcon(<path d="m5 12 5 5L20 7" />);
export const IconWifiOff = makeIcon(
  <path d="M12 20h.01M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.7M19 12.9a10 10 0 0 0-2-1.5M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5M2 2l20 20" />,
);
export const IconInfo = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);

// Brand marks of the contact channels (filled glyphs).
export const IconWhatsapp = makeIcon(
  <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3z" />,
  true,
);
export const IconLine = makeIcon(
  <path d="M12 3C6.5 3 2 6.6 2 11c0 4 3.5 7.3 8.3 7.9.3.1.8.2.9.5l.1 1.2-.2 1c0 .3.3.5.7.3s6-3.6 8.2-6.1A7.4 7.4 0 0 0 22 11c0-4.4-4.5-8-10-8zM8 13.4H6a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 1 0v3.4H8a.5.5 0 0 1 0 1zm2 -.5a.5.5 0 0 1-1 0V9a.5.5 0 0 1 1 0zm4.8 0a.5.5 0 0 1-.9.3l-2-2.7v2.4a.5.5 0 0 1-1 0V9a.5.5 0 0 1 .9-.3l2 2.7V9a.5.5 0 0 1 1 0zm3.2-2.5a.5.5 0 0 1 0 1h-1.5v1h1.5a.5.5 0 0 1 0 1h-2a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 .5-.5h2a.5.5 0 0 1 0 1h-1.5v1z" />,
  true,
);
export const IconFacebook = makeIcon(
  <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.6A22 22 0 0 0 14.7 2.5C12.3 2.5 10.7 4 10.7 6.6v1.9H8v3.2h2.7V21.5H14v-9.8h2.7l.4-3.2z" />,
  true,
);
export const IconTelegram = makeIcon(
  <path d="M21.5 3.6 2.9 10.8c-1.3.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.4.8.9.8s.6-.2 1-.5l2.3-2.2 4.8 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.5-1.9zM9.4 13.5l8.7-5.5c.4-.3.8-.1.5.2l-7.2 6.5-.3 3.2z" />,
  true,
);
export const IconTwitter = makeIcon(
  <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />,
  true,
);
export const IconShield = makeIcon(
  <>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const IconCopy = makeIcon(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const IconDownload = makeIcon(<path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />);
export const IconInstall = makeIcon(
  <>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M12 6.5v7m-3-3 3 3 3-3M10.5 18h3" />
  </>,
);
export const IconShare = makeIcon(
  <>
    <path d="M12 15V4m-4 4 4-4 4 4" />
    <path d="M8 11H6a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-2" />
  </>,
);
