// The shell's first statement (shell/src/index.ts), run first in the single bundle too.
import { applyCachedTheme, startEarlyReads } from '@app/kit/early';
import { markStartup } from '../../shell/src/startupMarks';

markStartup('start');

startEarlyReads();
applyCachedTheme();
