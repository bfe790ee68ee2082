import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Any other /admin path, and a record that does not exist (404). */
export default function NotFoundPage({ subject }: { subject?: string }): JSX.Element {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="NotFound"
      subTitle={subject ? `${subject} was not found.` : 'The page you asked for is not here.'}
      extra={
        <Button type="primary" onClick={() => navigate('/admin/dashboard')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
