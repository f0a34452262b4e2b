import { DEMO_GRADE_MIN, GRADE_MAX } from '@gradelens/shared';
import type { ReportGrades } from './components/grade-report.tsx';

const demoGrade = () => DEMO_GRADE_MIN + Math.floor(Math.random() * (GRADE_MAX - DEMO_GRADE_MIN + 1));

/** Guest mode: random grades from 8 to 10, nothing sent or saved (docs/product.md section 4). */
export function demoResult(): ReportGrades {
  return {
    overallGrade: demoGrade(),
    centeringGrade: demoGrade(),
    cornerGrade: demoGrade(),
    edgeGrade: demoGrade(),
    surfaceGrade: demoGrade(),
    notes:
      'These are demo grades for guest mode and are not saved.\n\nSign up to have your card measured and keep the result.',
    gradingMethod: 'Demo',
    aiPowered: true,
  };
}
