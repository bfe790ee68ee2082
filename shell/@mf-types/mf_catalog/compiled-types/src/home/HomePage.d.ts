export default function HomePage(): JSX.Element;
