import { applyCachedTheme, startEarlyReads } from '@app/kit/early';
import { prefetchScreen, registerRemotesFromServer, screenInPage } from './federation/remotes';
import { markStartup } from './startupMarks';

markStartup('start');

// The screen's data is asked for first, before anything else loads (kit's client takes the answers over).
startEarlyReads();
// The page in the user's appearance and colours from its first frame, not kit's light defaults until the app starts.
applyCachedTheme();
// Then the screen itself: its remote's entry and chunks load and run while the shell's own start-up files do,
// instead of after them.
void registerRemotesFromServer().then(() => prefetchScreen(screenInPage()));
// Async boundary: shared singletons are negotiated before any of them is imported.
import('./bootstrap');
