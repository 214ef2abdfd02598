import { type ApiError, apiRequest, type NodeInfo, nodeInfoQuery } from '@shoal/core';
import { useMutation, useQuery } from '@shoal/query';

export interface ReportType {
  type: string;
  label: string;
  /** Whether a visitor without an account may send this kind of report. */
  anonymous: boolean;
}

export interface ReportTarget {
  type: 'track' | 'album' | 'artist' | 'playlist' | 'library' | 'channel' | 'account';
  id: number | string;
  /** What the report is about, as the listener sees it. */
  label: string;
}

/** The report categories the pod accepts, from its nodeinfo (`metadata.reportTypes`), the query the page shares. */
export function useReportTypes(enabled: boolean) {
  return useQuery({
    ...nodeInfoQuery(),
    enabled,
    select: (info: NodeInfo): ReportType[] => info.metadata?.reportTypes ?? [],
  });
}

export interface NewReport {
  target: ReportTarget;
  type: string;
  summary: string;
  /** Only for anonymous reports: how the moderators can answer. */
  email?: string;
}

/** Sends a report (`moderation/reports/`); the pod's field errors come back as messages. */
export function useSubmitReport() {
  return useMutation<unknown, ApiError | Error, NewReport>({
    mutationFn: ({ target, type, summary, email }) =>
      apiRequest('moderation/reports/', {
        method: 'POST',
        json: {
          type,
          summary: summary.trim() || null,
          target: { type: target.type, id: target.id },
          ...(email !== undefined ? { submitter_email: email.trim() } : {}),
        },
      }),
  });
}
