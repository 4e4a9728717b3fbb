import { describe, expect, it } from 'vitest';
import * as paths from './paths';

describe('paths', () => {
  it('builds the spec routes with their queries', () => {
    expect(paths.project.href(12)).toBe('/index/order/order?id=12');
    expect(paths.therapistList.href({ projectId: 3, skip: undefined })).toBe(
      '/therapist/therapistList?projectId=3',
    );
    expect(paths.therapistMap.href(new URLSearchParams('lang=km&lang=en&availableNow=true'))).toBe(
      '/therapist/maptherapist?lang=km&lang=en&availableNow=true',
    );
    expect(paths.cancelAccount.href({ step: 3 })).toBe('/my/setting/zhuxiao?setup=3');
    expect(paths.cancelAccount.href()).toBe('/my/setting/zhuxiao');
    expect(paths.orderDetail.href(42)).toBe('/my/order/pay?ordersId=42');
    expect(paths.orderReceipt.href(42)).toBe('/my/order/receipt?ordersId=42');
    expect(paths.bookHomeVisit.href({ therapistId: 3, projectId: 9 })).toBe(
      '/index/order/orderDet?therapistId=3&projectId=9',
    );
  });

  it('sends to login with a way back, or carries the current query over', () => {
    expect(paths.login.href({ redirect: '/my?tab=1' })).toBe('/public/login?redirect=%2Fmy%3Ftab%3D1');
    expect(paths.login.href({ search: '?redirect=%2Fmy' })).toBe('/public/login?redirect=%2Fmy');
    expect(paths.login.href()).toBe('/public/login');
  });
});
