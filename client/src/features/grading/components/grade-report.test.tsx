import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradeReport } from '@gradelens/shared';
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

const analysis = (confidence: number): GradeReport => ({
  rubricVersion: 1,
  overallGrade: 8,
  centeringGrade: 8,
  cornerGrade: 8,
  edgeGrade: 9,
  surfaceGrade: 9,
  scores: { overall: 8, centering: 8, corners: 8, edges: 9, surface: 9 },
  centering: { front: { measurable: false, reason: 'no border' }, back: { measurable: false, reason: 'no border' } },
  cardSize: { kind: 'standard', widthMm: 63, heightMm: 88 },
  defects: [],
  warnings: [
    {
      code: 'low_resolution',
      face: 'front',
      message: 'Front photo has 5.1 pixels per mm: fine corner and edge wear may not show.',
    },
  ],
  confidence,
  notes: '',
  timingsMs: {},
  pxPerMm: { front: 5.1, back: 9 },
});

describe('the confidence of a report', () => {
  it('says Low confidence beside the grade, with the photo warnings, when the engine was unsure', () => {
    render(<GradeReportView grades={{ ...grades(8), analysis: analysis(0.35) }} />);
    const note = within(screen.getByTestId('low-confidence'));
    expect(note.getByText('Low confidence')).toBeTruthy();
    expect(note.getByText(/5\.1 pixels per mm/)).toBeTruthy();
  });

  it('says nothing of the kind for a confident report or a grading without the engine report', () => {
    render(<GradeReportView grades={{ ...grades(8), analysis: analysis(0.8) }} />);
    expect(screen.queryByTestId('low-confidence')).toBeNull();
    cleanup();
    render(<GradeReportView grades={grades(8)} />);
    expect(screen.queryByTestId('low-confidence')).toBeNull();
  });
});

describe('after a grader’s correction', () => {
  it('says who corrected it and when, shows the grader’s notes, keeps the engine’s as superseded and drops the AI badge', () => {
    const report = { ...analysis(0.8), notes: 'Engine: front centering 58/42.' };
    render(
      <GradeReportView
        grades={{
          ...grades(8),
          notes: 'Checked in hand: the corner is fine.',
          analysis: report,
          correction: { at: '2026-11-20T10:00:00Z', notes: 'Checked in hand: the corner is fine.' },
        }}
      />,
    );
    expect(screen.getByTestId('corrected-badge').textContent?.trim()).toMatch(/^Corrected by a grader on /);
    expect(screen.queryByText('AI-Powered Grading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Grader’s Notes' })).toBeTruthy();
    expect(screen.getByText('Checked in hand: the corner is fine.')).toBeTruthy();
    expect(within(screen.getByTestId('superseded-notes')).getByText('Engine: front centering 58/42.')).toBeTruthy();
  });

  it('calls an uncorrected engine grade AI-powered, with no superseded notes', () => {
    render(<GradeReportView grades={{ ...grades(8), analysis: analysis(0.8) }} />);
    expect(screen.getByText('AI-Powered Grading')).toBeTruthy();
    expect(screen.queryByTestId('superseded-notes')).toBeNull();
  });
});

describe('half points', () => {
  it('shows the measured half point beside the whole grade where the engine has one, and not after a correction', () => {
    const report = { ...analysis(0.8), scores: { overall: 8.5, centering: 9, corners: 8.5, edges: 9, surface: 9.5 } };
    render(<GradeReportView grades={{ ...grades(9), cornerGrade: 8, surfaceGrade: 9, analysis: report }} />);
    expect(within(screen.getByTestId('category-corners')).getByText('measured 8.5')).toBeTruthy();
    expect(within(screen.getByTestId('category-surface')).getByText('measured 9.5')).toBeTruthy();
    expect(within(screen.getByTestId('category-edges')).queryByTestId('half-point')).toBeNull();
    expect(screen.getAllByText('measured 8.5')).toHaveLength(2);
    cleanup();
    render(
      <GradeReportView
        grades={{
          ...grades(9),
          cornerGrade: 8,
          analysis: report,
          correction: { at: '2026-11-20T10:00:00Z', notes: null },
        }}
      />,
    );
    expect(screen.queryByTestId('half-point')).toBeNull();
  });
});
