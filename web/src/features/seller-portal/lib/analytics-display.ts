import type { AnalyticsActivity, SellerAnalytics } from '../../../../../shared/api/analytics';
import { conversionPer100 } from '../../../../../shared/domain/analytics';
import { formatUsd } from '../../../../../shared/domain/money';

/** 'Mar 2' (a UTC day: the figures are kept per UTC day). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Mar 2, 2030'. */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const count = (n: number) => n.toLocaleString('en-US');

/** The figure cards in order: label, value, and a note under the value where one helps. */
export function figureCards(a: SellerAnalytics): { label: string; value: string; note?: string }[] {
  const f = a.figures;
  const conversion = conversionPer100(f.sales, f.views);
  return [
    { label: 'Views', value: count(f.views) },
    { label: 'Unique viewers', value: count(f.uniqueViewers), note: 'estimated' },
    { label: 'Messages', value: count(f.messages) },
    { label: 'Offers', value: count(f.offers) },
    { label: 'Sales', value: count(f.sales), note: 'escrows released' },
    { label: 'Revenue', value: formatUsd(f.revenueCents), note: 'RLUSD released to you' },
    { label: 'Platform fees', value: formatUsd(f.feeCents), note: 'paid on those sales' },
    {
      label: 'Conversion',
      value: conversion === null ? '—' : conversion,
      note: conversion === null ? 'no views yet' : 'sales per 100 views',
    },
    { label: 'Active listings', value: count(f.activeListings) },
    { label: 'Followers', value: count(f.followers) },
  ];
}

/** Whether nothing at all happened in the range (the activity list is the seller's latest, whatever the range). */
export function rangeIsEmpty(a: SellerAnalytics): boolean {
  const f = a.figures;
  return f.views + f.messages + f.offers + f.sales === 0;
}

/** One line of recent activity: 'Message from bob about Brass Lamp'. */
export function activityText(a: AnalyticsActivity): string {
  const about = a.subject ? ` ${a.kind === 'message' ? 'about' : 'on'} ${a.subject}` : '';
  switch (a.kind) {
    case 'message':
      return `Message from ${a.username}${about}`;
    case 'offer':
      return `Offer of ${formatUsd(a.amountCents ?? 0)} from ${a.username}${about}`;
    case 'sale':
      return `Sold ${a.subject ?? 'an order'} to ${a.username}: ${formatUsd(a.amountCents ?? 0)} released`;
  }
}

export const ACTIVITY_LABELS: Record<AnalyticsActivity['kind'], string> = {
  message: 'Message',
  offer: 'Offer',
  sale: 'Sale',
};
