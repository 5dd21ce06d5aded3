import type { ReactNode } from "react";
import { SectionNav, type SectionNavItem } from "@/components/shell/section-nav";
import { getAppContext } from "@/server/app-context";

/** The settings pages a viewer may open, in the order of the overview's cards; admin pages only for admins. */
function settingsSections(isAdmin: boolean): SectionNavItem[] {
  return [
    { href: "/settings", label: "Overview", isExact: true },
    { href: "/settings/account", label: "Your account" },
    { href: "/settings/members", label: "Members" },
    { href: "/settings/teams", label: "Teams" },
    ...(isAdmin
      ? [
          { href: "/settings/notifications", label: "Notifications" },
          { href: "/settings/audit-log", label: "Audit log" },
          { href: "/settings/storage", label: "Storage" },
        ]
      : []),
    { href: "/settings/diagnostics", label: "Diagnostics" },
  ];
}

/** Every settings page keeps the way to the others: the section's own navigation beside (or above) it. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { viewer } = await getAppContext();
  return (
    <div className="grid gap-6 md:grid-cols-[11rem_minmax(0,1fr)]">
      <SectionNav label="Settings sections" items={settingsSections(viewer.permissions.has("admin"))} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
