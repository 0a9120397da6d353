/** The agency's logo; `/brand/logo.svg` is shipped with the app and used when none is known yet. */
export function BrandLogo({
  src = '/brand/logo.svg',
  alt,
  width = 125,
  height = 40,
}: {
  src?: string;
  alt: string;
  width?: number;
  height?: number;
}) {
  return <img className="brand-logo" src={src} alt={alt} width={width} height={height} />;
}
