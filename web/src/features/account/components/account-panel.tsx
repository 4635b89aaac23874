import '../../../styles/account.css';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { shortAddress } from '../../../../../shared/domain/username';
import { useNotificationSummary } from '../../../domains/notifications/api';
import { useLiveUnreadMessages, useUnreadMessages } from '../../../domains/messages/api';
import { useSession } from '../../../lib/session/session-context';
import { badgeCount } from '../../../lib/badge';
import { useMobileLayout } from '../../../lib/use-viewport-width';
import { UserAvatar } from '../../../domains/profile/user-avatar';

/**
 * Spec part 1 "Account panel", with /messages and its unread count (decision 032; also on the trigger, so a new message
 * shows with the panel closed, kept live from the user's topic). 'Sell Items' is for sellers on the mobile layout only,
 * as the spec says. 'Admin' is for administrators only (decision 062; the portal and its routes check the role too).
 */
export function AccountPanel({ user, balance }: { user: CurrentUser; balance: string }) {
  const { disconnect } = useSession();
  const unread = useNotificationSummary().data?.unreadCount ?? 0;
  useLiveUnreadMessages();
  const unreadMessages = useUnreadMessages().data?.unreadCount ?? 0;
  const mobile = useMobileLayout();
  const onDisconnect = () => {
    void disconnect().then(() =>
      toast.success('Wallet Disconnected', { description: 'Your wallet has been disconnected successfully' }),
    );
  };
  return (
    <DropdownMenu.Root modal={false}>
      {/*
        Named by its content, which starts with the username it shows (WCAG 2.5.3 label in name; an aria-label
        "Account: alice" did not contain the avatar's visible initial and name): "alice account[, N unread messages]".
        The name is only visually hidden on narrow screens, so it stays the button's name there.
      */}
      <DropdownMenu.Trigger className="btn btn-ghost account-trigger icon-with-badge">
        <UserAvatar username={user.username} avatarUrl={user.avatarUrl} />
        <span className="account-trigger-name">{user.username}</span>
        <span className="sr-only">{` account${unreadMessages > 0 ? `, ${unreadMessages} unread messages` : ''}`}</span>
        {unreadMessages > 0 && (
          <span className="count-badge" aria-hidden data-testid="message-badge">
            {badgeCount(unreadMessages)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content account-panel" align="end" sideOffset={6}>
          <DropdownMenu.Label className="account-summary">
            <UserAvatar username={user.username} avatarUrl={user.avatarUrl} size={44} />
            <span className="account-summary-text">
              <span className="account-username">{user.username}</span>
              <span className="account-address" title={user.walletAddress}>
                {shortAddress(user.walletAddress)}
              </span>
              <span className="account-balance">
                <span className="sr-only">RLUSD balance: </span>
                {balance}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/activity">My Activity</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/messages" className="menu-item-with-badge">
              Messages
              {unreadMessages > 0 && (
                <span className="badge badge-primary" aria-label={`${unreadMessages} unread`}>
                  {badgeCount(unreadMessages)}
                </span>
              )}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/notifications" className="menu-item-with-badge">
              Notifications
              {unread > 0 && (
                <span className="badge badge-primary" aria-label={`${unread} unread`}>
                  {badgeCount(unread)}
                </span>
              )}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/wallet">Wallet</Link>
          </DropdownMenu.Item>
          {user.isSeller && (
            <DropdownMenu.Item asChild className="menu-item">
              <Link to="/seller-portal">Seller Portal</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/settings">Profile Settings</Link>
          </DropdownMenu.Item>
          {user.role === 'admin' && (
            <DropdownMenu.Item asChild className="menu-item">
              <Link to="/admin">Admin</Link>
            </DropdownMenu.Item>
          )}
          {user.isSeller && mobile && (
            <DropdownMenu.Item asChild className="menu-item">
              <Link to="/sell">Sell Items</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item menu-item-danger" onSelect={onDisconnect}>
            Disconnect Wallet
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
