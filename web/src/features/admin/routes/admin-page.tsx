import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { AuditLog } from '../components/audit/audit-log';
import { AdminRoles } from '../components/roles/admin-roles';
import { GeneralSettingsTab } from '../components/general/general-settings-tab';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSignedInSession } from '../../../lib/session/session-context';
import { useTabParam } from '../../../lib/use-tab-param';
import { ApiKeysTab } from '../components/api-keys/api-keys-tab';
import { NetworkTab } from '../components/network/network-tab';
import { EscrowMonitor } from '../components/escrow-monitor/escrow-monitor';
import { ModerationTab } from '../components/moderation/moderation-tab';
import { ToolsTab } from '../components/tools/tools-tab';
import { CasesTab } from '../components/cases/cases-tab';

/** An admin tab: its id in the URL (`?tab=`), its label, and what it shows for the signed-in administrator. */
export interface AdminTab extends TabItem<string> {
  render(session: { token: string; userId: string }): ReactNode;
}

/** The portal's tabs, in order (spec part 3 "Admin portal"); each joins with the work that makes it real. */
const TABS: AdminTab[] = [
  { id: 'general', label: 'General', render: (s) => <GeneralSettingsTab {...s} /> },
  { id: 'network', label: 'XRPL Network', render: (s) => <NetworkTab {...s} /> },
  { id: 'api-keys', label: 'API Keys', render: (s) => <ApiKeysTab {...s} /> },
  { id: 'escrow-monitor', label: 'Escrow Monitor', render: ({ token }) => <EscrowMonitor token={token} /> },
  { id: 'cases', label: 'Cases', render: (s) => <CasesTab {...s} /> },
  { id: 'tools', label: 'Tools', render: ({ token }) => <ToolsTab token={token} /> },
  { id: 'moderation', label: 'Moderation', render: ({ token }) => <ModerationTab token={token} /> },
  { id: 'roles', label: 'Roles', render: (s) => <AdminRoles {...s} /> },
  { id: 'audit', label: 'Audit', render: (s) => <AuditLog {...s} /> },
];

/** Anyone but an administrator: the spec's toast, then home. The server answers 403 to every admin route anyway. */
function AccessDenied() {
  useEffect(() => {
    toast.error('Access Denied', { description: "You don't have admin privileges" });
  }, []);
  return <Navigate to="/" replace />;
}

function Portal() {
  const { token, user } = useSignedInSession();
  const [tab, select] = useTabParam(
    TABS.map((t) => t.id),
    TABS[0]?.id ?? '',
  );
  if (user.role !== 'admin') return <AccessDenied />;
  const current = TABS.find((t) => t.id === tab);
  return (
    <div className="container admin-portal">
      <title>Admin · RLUSD Marketplace</title>
      <h1 className="page-title">Admin Portal</h1>
      <Tabs label="Admin sections" tabs={TABS} selected={tab} onSelect={select} className="admin-tabs">
        {current?.render({ token, userId: user.id })}
      </Tabs>
    </div>
  );
}

/** /admin (spec part 3 "Admin portal"): administrators only (the role in the table, checked on the server too). */
export function AdminPage() {
  return (
    <RequireSignIn>
      <Portal />
    </RequireSignIn>
  );
}
