export default function LoginPage(): JSX.Element;
