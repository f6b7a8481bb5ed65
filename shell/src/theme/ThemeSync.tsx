import { useEffect } from 'react';
import { selectThemeColor, themeCustomProperties, useAppSelector, useColorScheme } from '@app/kit';

/**
 * The theme colour and the appearance drive the whole UI through CSS custom properties: the chosen colour for
 * fills, readable shades of it for text, lines and focus, and the light or dark neutrals. The charts read the same.
 */
export function ThemeSync() {
  const color = useAppSelector(selectThemeColor);
  const scheme = useColorScheme();
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeCustomProperties(color, scheme))) root.style.setProperty(name, value);
    root.dataset.scheme = scheme;
    root.style.colorScheme = scheme;
  }, [color, scheme]);
  return null;
}
