import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { ImportSection } from './ImportSection';
import { TokensSection } from './TokensSection';

/** Your data: every action here takes effect at once (no Save). */
export function DataTab() {
  return (
    <div className="st-sections">
      <ImportSection />
      <ExportSection />
      <TokensSection />
      <DeleteAccountSection />
    </div>
  );
}
