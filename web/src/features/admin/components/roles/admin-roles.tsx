import '../../../../styles/admin-roles.css';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { AdminMember } from '../../../../../../shared/api/admin-roles';
import { checkUsername } from '../../../../../../shared/domain/username';
import { Dialog } from '../../../../components/ui/dialog';
import { DialogActions } from '../../../../components/ui/dialog-actions';
import { errorProps, FormField } from '../../../../components/ui/form-field';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { grantAdminRole, revokeAdminRole, useAdmins } from '../../../../domains/admin-roles/api';
import { ApiError } from '../../../../lib/api';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'Please try again.');

/**
 * The admin portal's Roles tab (decision 062): the administrators, granting the role to a user by username and taking
 * it back. The server refuses the last administrator and configured wallets (their next sign-in grants it again).
 */
export function AdminRoles({ token, userId }: { token: string; userId: string }) {
  const ids = useId();
  const navigate = useNavigate();
  const { data, error, mutate } = useAdmins(userId, token);
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminMember | null>(null);
  const [lastRevoke, setLastRevoke] = useState<string | null>(null);

  const grant = async (event: FormEvent) => {
    event.preventDefault();
    const rule = checkUsername(username);
    if (!rule.ok) {
      setFieldError(rule.message);
      return;
    }
    setFieldError(undefined);
    setBusy('grant');
    try {
      await mutate(await grantAdminRole(token, rule.username), { revalidate: false });
      toast.success('Admin Role Granted', { description: `${rule.username} is an administrator.` });
      setUsername('');
    } catch (e) {
      toast.error('Failed to grant the admin role', { description: failure(e) });
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (member: AdminMember) => {
    setBusy(member.userId);
    try {
      const after = await revokeAdminRole(token, member.username);
      toast.success('Admin Role Revoked', { description: `${member.username} is no longer an administrator.` });
      setRevoking(null);
      // One's own role gone: the portal is no longer one's to see.
      if (member.userId === userId) navigate('/', { replace: true });
      else await mutate(after, { revalidate: false });
    } catch (e) {
      toast.error('Failed to revoke the admin role', { description: failure(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-roles" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="section-heading">
        Administrators
      </h2>
      <form className="admin-roles-grant" onSubmit={(e) => void grant(e)} noValidate>
        <FormField id={`${ids}-username`} label="Username" error={fieldError}>
          <input
            {...errorProps(`${ids}-username`, fieldError)}
            className="input"
            value={username}
            autoComplete="off"
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'grant' ? 'Granting...' : 'Grant Admin Role'}
        </button>
      </form>
      {!data && !error ? (
        <PageLoading text="Loading administrators..." />
      ) : error && !data ? (
        <LoadFailed title="Failed to load administrators" outline onRetry={() => void mutate()} />
      ) : data!.items.length === 0 ? (
        <p className="admin-roles-empty">No administrators found.</p>
      ) : (
        <ul className="admin-roles-list" aria-label="Administrators">
          {data!.items.map((member) => (
            <li key={member.userId} className="admin-roles-row">
              <div className="admin-roles-who">
                <span className="admin-roles-name">
                  {member.username}
                  {member.userId === userId && ' (you)'}
                </span>
                <span className="admin-roles-wallet">{member.walletAddress}</span>
                {member.configured && <span className="badge">Configured</span>}
              </div>
              <button
                type="button"
                className="btn btn-outline"
                disabled={busy !== null || member.configured}
                title={member.configured ? 'Configured in ADMIN_WALLET_ADDRESSES' : undefined}
                id={`${ids}-revoke-${member.userId}`}
                aria-label={`Revoke admin role from ${member.username}`}
                onClick={() => {
                  setLastRevoke(member.userId);
                  setRevoking(member);
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => !open && busy === null && setRevoking(null)}
        title="Revoke admin role?"
        description={
          revoking?.userId === userId
            ? 'You will lose access to the admin portal.'
            : `${revoking?.username ?? ''} will lose access to the admin portal.`
        }
        // Back to the row's Revoke, or to the form when that row is gone.
        returnFocus={() =>
          (lastRevoke && document.getElementById(`${ids}-revoke-${lastRevoke}`)) ||
          document.getElementById(`${ids}-username`)
        }
      >
        <DialogActions busy={busy !== null}>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy !== null}
            onClick={() => revoking && void revoke(revoking)}
          >
            {busy !== null ? 'Revoking...' : 'Revoke'}
          </button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
