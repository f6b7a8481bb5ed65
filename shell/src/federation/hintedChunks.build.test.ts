// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfig } from '../../../rspack.shared.js';
import { chunkListOf } from './hintedChunks';

describe('the chunk list a remote registers in', () => {
  it('is the one the shell waits on, in every production build', () => {
    for (const name of ['mf_overview', 'shell']) {
      const built = createConfig({ dir: path.resolve(import.meta.dirname, '../..'), name, port: 0, isHost: name === 'shell' })(
        {},
        { mode: 'production' },
      );
      const config = Array.isArray(built) ? built[0] : built;
      expect(config.output?.chunkLoadingGlobal).toBe(chunkListOf(name));
    }
  });
});
