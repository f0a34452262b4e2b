import { Navigate, useParams } from 'react-router';

/** Old links of the form /card-gradings/:id open the card details page. */
export function CardGradingRedirect() {
  const { id } = useParams();
  return <Navigate to={`/card/${id ?? ''}`} replace />;
}
