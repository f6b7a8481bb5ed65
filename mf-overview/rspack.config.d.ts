// Types of rspack.config.js for the build test, which builds what this config builds.
import type { AppOptions } from '../rspack.shared.js';

export const app: AppOptions;
