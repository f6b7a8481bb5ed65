import { useEffect } from 'react';
import { hoverShade, lighten, readableTextColor, selectThemeColor, useAppSelector } from '@app/kit';

/** The theme colour drives the whole UI through CSS custom properties; the chart reads it too. */
export function ThemeSync() {
  const color = useAppSelector(selectThemeColor);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--primary', color);
    root.setProperty('--primary-contrast', readableTextColor(color));
    root.setProperty('--primary-strong', hoverShade(color));
    root.setProperty('--primary-soft', lighten(color, 0.88));
  }, [color]);
  return null;
}
