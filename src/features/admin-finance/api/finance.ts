import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import { toFinanceReport, type FinanceReport } from '../lib/finance';

/** A period of calendar days in Zurich, both ends included ('yyyy-MM-dd'). */
export interface FinancePeriod {
  from: string;
  to: string;
}

/** Under the shared admin root, so a payment or refund anywhere in the admin refreshes it. */
export const financeKeys = {
  all: [...ADMIN_ROOT_KEY, 'finance'] as const,
  report: (period: FinancePeriod) => [...financeKeys.all, 'report', period.from, period.to] as const,
};

export async function getFinanceReport(period: FinancePeriod): Promise<FinanceReport> {
  const { data, error } = await supabase.rpc('admin_finance_report', {
    p_from: period.from,
    p_to: period.to,
  });
  if (error) throw error;
  return toFinanceReport(data);
}

export function financeReportQueryOptions(period: FinancePeriod) {
  return queryOptions({
    queryKey: financeKeys.report(period),
    queryFn: () => getFinanceReport(period),
    placeholderData: keepPreviousData,
  });
}

export function useFinanceReport(period: FinancePeriod) {
  return useQuery(financeReportQueryOptions(period));
}

/** The bookkeeper's rows of the period, read when the admin asks for the file. */
export async function getFinanceExport(period: FinancePeriod) {
  const { data, error } = await supabase.rpc('admin_finance_export', {
    p_from: period.from,
    p_to: period.to,
  });
  if (error) throw error;
  return data;
}

/** 'Mahnung fällig': invoices reminded and still open as many days later (admin_overdue_invoices). */
export async function getOverdueInvoices() {
  const { data, error } = await supabase.rpc('admin_overdue_invoices');
  if (error) throw error;
  return data;
}

export function useOverdueInvoices() {
  return useQuery(
    queryOptions({ queryKey: [...financeKeys.all, 'overdue'] as const, queryFn: getOverdueInvoices }),
  );
}

/** What is still open on gift vouchers today (admin_gift_voucher_liability, issue 28). */
export async function getGiftVoucherLiability() {
  const { data, error } = await supabase.rpc('admin_gift_voucher_liability');
  if (error) throw error;
  const [row] = data;
  return {
    openCents: Number(row?.open_cents ?? 0),
    openCount: row?.open_count ?? 0,
    expiredCents: Number(row?.expired_cents ?? 0),
    expiredCount: row?.expired_count ?? 0,
  };
}

export function useGiftVoucherLiability() {
  return useQuery(
    queryOptions({
      queryKey: [...financeKeys.all, 'gift-vouchers'] as const,
      queryFn: getGiftVoucherLiability,
    }),
  );
}

/** Gift vouchers sold in a period (admin_gift_voucher_sales): money received, a debt until redeemed. */
export async function getGiftVoucherSales(period: FinancePeriod) {
  const { data, error } = await supabase.rpc('admin_gift_voucher_sales', {
    p_from: period.from,
    p_to: period.to,
  });
  if (error) throw error;
  const [row] = data;
  return {
    soldCents: Number(row?.sold_cents ?? 0),
    soldCount: row?.sold_count ?? 0,
    byMethod: [
      ['Karte', Number(row?.card_cents ?? 0)],
      ['TWINT', Number(row?.twint_cents ?? 0)],
      ['Rechnung', Number(row?.invoice_cents ?? 0)],
    ] as Array<[string, number]>,
  };
}

export function useGiftVoucherSales(period: FinancePeriod | null) {
  return useQuery(
    queryOptions({
      queryKey: [...financeKeys.all, 'gift-voucher-sales', period?.from, period?.to] as const,
      queryFn: () => getGiftVoucherSales(period!),
      enabled: period !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
