import { Fold } from "./fold";
import { KeyValueList } from "./key-value-list";

/** The packages the SDK found loaded (`modules`, often a hundred or more): folded, then name and version. */
export function ModulesList({ modules }: { modules: [string, string][] }) {
  return (
    <Fold showLabel={modules.length === 1 ? "Show 1 module" : `Show ${modules.length} modules`} hideLabel="Hide modules">
      <KeyValueList entries={modules} label="Modules" />
    </Fold>
  );
}
