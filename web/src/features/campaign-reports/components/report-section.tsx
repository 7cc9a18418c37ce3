import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { downloadCsv } from '../../../lib/csv';
import type { CampaignReportJson } from '../../../../../shared/schemas/reports';
import { reportCsv, reportFileName, type ReportTable } from '../lib/report-csv';
import { reportText } from '../lib/report-text';

/** One part of the report: a titled card whose table downloads as CSV. */
export const ReportSection = ({ report, table, title, children }: { report: CampaignReportJson; table: ReportTable; title: string; children: ReactNode }) => (
  <Card className="min-w-0 break-inside-avoid print:border-slate-400 print:shadow-none">
    <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
      <CardTitle>{title}</CardTitle>
      <Button variant="outline" size="sm" className="print:hidden" aria-label={`${reportText.downloadCsv}: ${title}`} onClick={() => downloadCsv(reportCsv(report, table), reportFileName(report, table))}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {reportText.downloadCsv}
      </Button>
    </CardHeader>
    <CardContent className="space-y-4">{children}</CardContent>
  </Card>
);
