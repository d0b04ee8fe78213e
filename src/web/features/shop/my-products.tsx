export function MyProducts() {
  return <p>Your products</p>;
}
