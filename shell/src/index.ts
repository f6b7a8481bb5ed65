import { startEarlyReads } from '@app/kit/early';

// The screen's data is asked for first, before anything else loads (kit's client takes the answers over).
startEarlyReads();
// Async boundary: shared singletons are negotiated before any of them is imported.
import('./bootstrap');
