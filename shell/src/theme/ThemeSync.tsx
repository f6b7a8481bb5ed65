import { useEffect } from 'react';
import { rememberTheme, selectThemeColor, themeCustomProperties, useAppSelector, useColorScheme } from '@app/kit';

/**
 * The theme colour and the appearance drive the whole UI through CSS custom properties: the chosen colour for
 * fills, readable shades of it for text, lines and focus, and the light or dark neutrals. The charts read the same.
 * Each theme applied is remembered, for the next page's first statements to start in it (kit's applyCachedTheme).
 */
export function ThemeSync() {
  const color = useAppSelector(selectThemeColor);
  const preference = useAppSelector((state) => state.preferences.colorScheme);
  const scheme = useColorScheme();
  useEffect(() => {
    const root = document.documentElement;
    const properties = themeCustomProperties(color, scheme);
    for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
    root.dataset.scheme = scheme;
    root.style.colorScheme = scheme;
    rememberTheme({ preference, scheme, properties });
  }, [color, preference, scheme]);
  return null;
}
