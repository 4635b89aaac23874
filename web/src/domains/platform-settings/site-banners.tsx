import '../../styles/site-banners.css';
import { useState } from 'react';
import { usePublicSettings } from './api';

/** Where a dismissal is remembered: per browser, for that message only (a new announcement shows again). */
export const DISMISSED_KEY = 'announcement-dismissed';

function dismissedMessage(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The site-wide banners of the platform settings (decision 063): maintenance mode (not dismissible: writes answer 503
 * meanwhile) and the administrators' announcement, dismissible. Nothing shows while the settings load or if they fail.
 */
export function SiteBanners() {
  const { data } = usePublicSettings();
  const [dismissed, setDismissed] = useState(dismissedMessage);
  if (!data) return null;
  const announcement = data.announcementMessage;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, announcement);
    } catch {
      // Private mode: dismissed for this page view only.
    }
    setDismissed(announcement);
  };
  return (
    <>
      {data.maintenanceMode && (
        <div className="site-banner site-banner-maintenance" role="status">
          <p>
            <strong>Maintenance in progress.</strong> You can browse, but buying, selling and other changes are paused
            for a little while.
          </p>
        </div>
      )}
      {announcement && announcement !== dismissed && (
        <div className="site-banner site-banner-announcement" role="region" aria-label="Announcement">
          <p>{announcement}</p>
          <button type="button" className="site-banner-dismiss" aria-label="Dismiss announcement" onClick={dismiss}>
            ×
          </button>
        </div>
      )}
    </>
  );
}
