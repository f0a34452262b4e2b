import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GradeReportView, type ReportGrades } from './grade-report.tsx';

afterEach(cleanup);

const grades = (centeringGrade: number | null): ReportGrades => ({
  overallGrade: 8,
  centeringGrade,
  cornerGrade: 8,
  edgeGrade: 9,
  surfaceGrade: 9,
  notes: null,
  gradingMethod: null,
  aiPowered: true,
});

describe('the grade breakdown', () => {
  it('says Not measured for centering the engine could not measure, with no score or bar', () => {
    render(<GradeReportView grades={grades(null)} />);
    const centering = within(screen.getByTestId('category-centering'));
    expect(centering.getByText('Not measured')).toBeTruthy();
    expect(centering.queryByText(/\/10/)).toBeNull();
    expect(within(screen.getByTestId('category-corners')).getByText('8/10')).toBeTruthy();
  });

  it('shows a measured centering as its grade out of 10', () => {
    render(<GradeReportView grades={grades(7)} />);
    expect(within(screen.getByTestId('category-centering')).getByText('7/10')).toBeTruthy();
  });
});
