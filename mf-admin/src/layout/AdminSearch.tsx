import { useState } from 'react';
import { AutoComplete, Input, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useCustomersQuery, useOrdersQuery, useProductsQuery } from '../api/adminApi';
import { useDebounced } from '../common/useDebounced';

const LIMIT = 5;
export const SEARCH_MIN_LENGTH = 2;

/**
 * The header's search: products by name, orders by number, customers by name, email or phone,
 * each through its own admin list call (?q=), shown grouped and linking to their pages.
 */
export function AdminSearch(): JSX.Element {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const skip = q.length < SEARCH_MIN_LENGTH;
  const products = useProductsQuery({ q }, { skip });
  const orders = useOrdersQuery({ page: 1, per_page: LIMIT, q }, { skip });
  const customers = useCustomersQuery({ page: 1, per_page: LIMIT, q }, { skip });
  const fetching = products.isFetching || orders.isFetching || customers.isFetching;

  const groups = skip
    ? []
    : [
        {
          label: 'Products',
          options: (products.data ?? []).slice(0, LIMIT).map((product) => ({ value: `/admin/product/${product.id}`, label: product.name })),
        },
        {
          label: 'Orders',
          options: (orders.data?.orders.data ?? []).map((order) => ({
            value: `/admin/orders/${order.id}`,
            label: `${order.order_number} · ${order.customer.first_name} ${order.customer.last_name}`,
          })),
        },
        {
          label: 'Customers',
          options: (customers.data?.data ?? []).map((customer) => ({
            value: `/admin/customer/${customer.id}`,
            label: `${customer.first_name} ${customer.last_name} · ${customer.email}`,
          })),
        },
      ].filter((group) => group.options.length > 0);

  return (
    <AutoComplete
      // The header's 64 px line height must not reach the input.
      style={{ width: '100%', maxWidth: 420, lineHeight: 'normal' }}
      value={text}
      options={groups}
      onChange={(value: string) => setText(value)}
      onSelect={(path: string) => {
        setText('');
        navigate(path);
      }}
      notFoundContent={!skip && !fetching ? 'No matches' : null}
    >
      <Input
        placeholder="Search products, orders, customers"
        aria-label="Search the back office"
        allowClear
        prefix={<SearchOutlined />}
        suffix={fetching ? <Spin size="small" /> : <span />}
      />
    </AutoComplete>
  );
}
