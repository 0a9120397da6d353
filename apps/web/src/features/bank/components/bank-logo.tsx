/** The bank's logo from `public/banks`; decorative when the name is printed next to it. */
export function BankLogo({
  bank,
  size = 'md',
  alt = '',
}: {
  bank: string;
  size?: 'sm' | 'md';
  alt?: string;
}) {
  const [width, height] = size === 'sm' ? [32, 20] : [48, 30];
  return (
    <img
      src={`/banks/${bank}.svg`}
      alt={alt}
      width={width}
      height={height}
      style={{ display: 'block', borderRadius: 4, flexShrink: 0 }}
    />
  );
}
