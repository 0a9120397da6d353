import { useState } from 'react';

/** True from the first time `isOpen` is true: lazy overlays mount then and stay mounted to animate out. */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened;
}
