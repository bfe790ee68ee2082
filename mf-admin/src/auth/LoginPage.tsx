import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { adminApi, useLoginMutation } from '../api/adminApi';
import { useAdminDispatch, useAdminSelector } from '../api/hooks';
import { adminNoticeSeen, selectAdminNotice, selectAdminSignedIn, signInAdmin } from '../session/adminSession';
import { readApiError } from '../common/errors';
import { useAdminMeta } from '../common/meta';

export const LOGIN_MESSAGES = {
  identifierRequired: 'Please enter your username or email.',
  passwordRequired: 'Please enter your password.',
  notStaff: 'This account cannot use the back office.',
  forbidden: 'Your account cannot use the back office.',
  expired: 'Your session has ended. Please log in again.',
} as const;

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

/** /admin/login: username or email and password; staff only. */
export default function LoginPage(): JSX.Element {
  useAdminMeta('Login');
  const navigate = useNavigate();
  const dispatch = useAdminDispatch();
  const signedIn = useAdminSelector(selectAdminSignedIn);
  const notice = useAdminSelector(selectAdminNotice);
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<LoginForm>();

  // Whoever signed out last: nothing of their data stays in the cache.
  useEffect(() => {
    if (!signedIn) dispatch(adminApi.util.resetApiState());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only: signing in here must not empty the cache it is filling.
  }, []);

  if (signedIn) return <Navigate to="/admin/dashboard" replace />;

  const submit = async (values: LoginForm): Promise<void> => {
    setFailure(null);
    dispatch(adminNoticeSeen());
    try {
      // The server sets the session cookie (HttpOnly) itself; a customer account gets a 403 and no token at all.
      const answer = await login({ email: values.email.trim(), password: values.password, remember: Boolean(values.remember) }).unwrap();
      dispatch(
        signInAdmin({
          csrf: answer.csrf_token,
          name: `${answer.user.first_name} ${answer.user.last_name}`.trim(),
          email: answer.user.email,
        }),
      );
      navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      const refusedAsCustomer = typeof error === 'object' && error !== null && 'status' in error && error.status === 403;
      setFailure(
        refusedAsCustomer ? LOGIN_MESSAGES.notStaff : readApiError(error, 'We could not log you in. Please try again.').messages.join(' '),
      );
    }
  };

  const noticeText = notice === 'forbidden' ? LOGIN_MESSAGES.forbidden : notice === 'expired' ? LOGIN_MESSAGES.expired : null;

  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f7f5' }}>
      {/* A plain panel rather than antd's Card: the login chunk stays small (Card brings Tabs). */}
      <section
        style={{ width: '100%', maxWidth: 400, background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 4px rgba(0,0,0,0.08)' }}
      >
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          Back office login
        </Typography.Title>
        <Typography.Paragraph type="secondary">Shwari Shop staff only.</Typography.Paragraph>
        {noticeText && <Alert type="warning" showIcon title={noticeText} style={{ marginBottom: 16 }} />}
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={{ email: '', password: '', remember: false }}
        >
          <Form.Item
            label="Username or email"
            name="email"
            rules={[{ required: true, whitespace: true, message: LOGIN_MESSAGES.identifierRequired }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: LOGIN_MESSAGES.passwordRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Log in
          </Button>
        </Form>
      </section>
    </Flex>
  );
}
