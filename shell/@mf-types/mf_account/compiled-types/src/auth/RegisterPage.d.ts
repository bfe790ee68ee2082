export default function RegisterPage(): JSX.Element;
