/**
 * IFC models written as STEP text for the readers' and engine's tests, unlike the design sample
 * in every way the reader must not depend on: another owner's property set names and wording,
 * feet as the length unit (an IfcConversionBasedUnit), IFC4X3 instead of IFC4X3_ADD2, two
 * alignments, a curve to the right, a curve without spirals whose properties come through an
 * IfcGroup, a property set shared by a curve's three segments, no cant tags (cant segments found
 * by station), typed values (m/s, boolean), and a spiral-only alignment.
 *
 * Alignment "Bayview Main Track 2" (#20), Class 3:
 *   curve 1: right-hand, R 1910 ft (D 3.0°), cant 0.4583 ft (5.5 in), freight 40 / passenger 50 mph;
 *   curve 2: left-hand, R 2865 ft (D 2.0°), cant 0.625 ft (7.5 in: over 7 in.), freight 40 / passenger 65 mph (over 60);
 *   Eu 3 in. (any train), passenger Eu 4 in. with the vehicle type not approved (over 3 in.).
 * Alignment "Bayview Yard Lead" (#80), Class 1: two spirals only; maximum freight speed 15 mph (over 10);
 *   the first spiral states a design speed of its own, 10 mph.
 */
export const PNR_MODEL = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [Alignment-basedView]'),'2;1');
FILE_NAME('bayview.ifc','2026-01-20T08:00:00',('T. Okafor'),('Pacific Northern Railroad'),'test writer','test writer','');
FILE_SCHEMA(('IFC4X3'));
ENDSEC;
DATA;
#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#2=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);
#3=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#1);
#4=IFCCONVERSIONBASEDUNIT(#2,.LENGTHUNIT.,'FOOT',#3);
#5=IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.);
#6=IFCUNITASSIGNMENT((#4,#5));
#7=IFCPROJECT('1bGzGqV9X6pBnnQ0lsK001',$,'Bayview Line Upgrade',$,$,$,$,$,#6);
#20=IFCALIGNMENT('1bGzGqV9X6pBnnQ0lsK020',$,'Bayview Main Track 2',$,$,$,$,.NOTDEFINED.);
#21=IFCALIGNMENTHORIZONTAL('1bGzGqV9X6pBnnQ0lsK021',$,$,$,$,$,$);
#22=IFCALIGNMENTCANT('1bGzGqV9X6pBnnQ0lsK022',$,$,$,$,$,$,4.708);
#23=IFCRELNESTS('1bGzGqV9X6pBnnQ0lsK023',$,$,$,#20,(#21,#22));
#24=IFCCARTESIANPOINT((1000.,2000.));
#30=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,0.,0.,500.,$,.LINE.);
#31=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK031',$,'Tangent T1',$,$,$,$,#30);
#32=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,0.,-1910.,200.,$,.CLOTHOID.);
#33=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK033',$,'Curve 1 entry spiral',$,$,$,$,#32);
#34=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,-1910.,-1910.,600.,$,.CIRCULARARC.);
#35=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK035',$,'Curve 1',$,$,$,$,#34);
#36=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,-1910.,0.,200.,$,.CLOTHOID.);
#37=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK037',$,'Curve 1 exit spiral',$,$,$,$,#36);
#38=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,0.,0.,400.,$,.LINE.);
#39=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK039',$,'Tangent T2',$,$,$,$,#38);
#40=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,2865.,2865.,800.,$,.CIRCULARARC.);
#41=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK041',$,'Curve 2',$,$,$,$,#40);
#42=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,0.,0.,300.,$,.LINE.);
#43=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK043',$,'Tangent T3',$,$,$,$,#42);
#44=IFCRELNESTS('1bGzGqV9X6pBnnQ0lsK044',$,$,$,#21,(#31,#33,#35,#37,#39,#41,#43));
#50=IFCALIGNMENTCANTSEGMENT($,$,0.,500.,0.,$,0.,$,.CONSTANTCANT.);
#51=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK051',$,$,$,$,$,$,#50);
#52=IFCALIGNMENTCANTSEGMENT($,$,500.,200.,0.,0.4583,0.,0.,.LINEARTRANSITION.);
#53=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK053',$,$,$,$,$,$,#52);
#54=IFCALIGNMENTCANTSEGMENT($,$,700.,600.,0.4583,0.4583,0.,0.,.CONSTANTCANT.);
#55=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK055',$,$,$,$,$,$,#54);
#56=IFCALIGNMENTCANTSEGMENT($,$,1300.,200.,0.4583,0.,0.,0.,.LINEARTRANSITION.);
#57=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK057',$,$,$,$,$,$,#56);
#58=IFCALIGNMENTCANTSEGMENT($,$,1500.,400.,0.,$,0.,$,.CONSTANTCANT.);
#59=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK059',$,$,$,$,$,$,#58);
#60=IFCALIGNMENTCANTSEGMENT($,$,1900.,800.,0.,0.,0.625,0.625,.CONSTANTCANT.);
#61=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK061',$,$,$,$,$,$,#60);
#62=IFCALIGNMENTCANTSEGMENT($,$,2700.,300.,0.,$,0.,$,.CONSTANTCANT.);
#63=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK063',$,$,$,$,$,$,#62);
#64=IFCRELNESTS('1bGzGqV9X6pBnnQ0lsK064',$,$,$,#22,(#51,#53,#55,#57,#59,#61,#63));
#65=IFCPROPERTYSINGLEVALUE('FRA track class',$,IFCLABEL('Class 3'),$);
#66=IFCPROPERTYSINGLEVALUE('CantDeficiency_in',$,IFCREAL(3.),$);
#67=IFCPROPERTYSINGLEVALUE('CantDeficiencyPassenger_in',$,IFCREAL(4.),$);
#68=IFCPROPERTYSINGLEVALUE('PassengerEuApproved',$,IFCBOOLEAN(.F.),$);
#69=IFCPROPERTYSINGLEVALUE('MaxSpeedPassenger',$,IFCLINEARVELOCITYMEASURE(26.8224),$);
#70=IFCPROPERTYSINGLEVALUE('SuperelevationBasis',$,IFCTEXT('Cant on the high rail; low rail at 0'),$);
#71=IFCPROPERTYSET('1bGzGqV9X6pBnnQ0lsK071',$,'PNR_TrackDesign',$,(#65,#66,#67,#68,#69,#70));
#72=IFCRELDEFINESBYPROPERTIES('1bGzGqV9X6pBnnQ0lsK072',$,$,$,(#20),#71);
#73=IFCPROPERTYSINGLEVALUE('DesignSpeed_Freight_mph',$,IFCREAL(40.),$);
#74=IFCPROPERTYSINGLEVALUE('DesignSpeed_Passenger_mph',$,IFCREAL(50.),$);
#75=IFCPROPERTYSET('1bGzGqV9X6pBnnQ0lsK075',$,'PNR_CurveDesign',$,(#73,#74));
#76=IFCRELDEFINESBYPROPERTIES('1bGzGqV9X6pBnnQ0lsK076',$,$,$,(#33,#35,#37),#75);
#77=IFCGROUP('1bGzGqV9X6pBnnQ0lsK077',$,'Curve 2 grouping',$,$);
#78=IFCRELASSIGNSTOGROUP('1bGzGqV9X6pBnnQ0lsK078',$,$,$,(#41),$,#77);
#79=IFCRELDEFINESBYPROPERTIES('1bGzGqV9X6pBnnQ0lsK079',$,$,$,(#77),#90);
#90=IFCPROPERTYSET('1bGzGqV9X6pBnnQ0lsK090',$,'PNR_CurveDesign',$,(#91,#92));
#91=IFCPROPERTYSINGLEVALUE('DesignSpeed_Freight_mph',$,IFCREAL(40.),$);
#92=IFCPROPERTYSINGLEVALUE('DesignSpeed_Passenger_mph',$,IFCREAL(65.),$);
#80=IFCALIGNMENT('1bGzGqV9X6pBnnQ0lsK080',$,'Bayview Yard Lead',$,$,$,$,.NOTDEFINED.);
#81=IFCALIGNMENTHORIZONTAL('1bGzGqV9X6pBnnQ0lsK081',$,$,$,$,$,$);
#82=IFCRELNESTS('1bGzGqV9X6pBnnQ0lsK082',$,$,$,#80,(#81));
#83=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,0.,1000.,150.,$,.CLOTHOID.);
#84=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK084',$,'Lead spiral in',$,$,$,$,#83);
#85=IFCALIGNMENTHORIZONTALSEGMENT($,$,#24,0.,1000.,0.,150.,$,.CLOTHOID.);
#86=IFCALIGNMENTSEGMENT('1bGzGqV9X6pBnnQ0lsK086',$,'Lead spiral out',$,$,$,$,#85);
#87=IFCRELNESTS('1bGzGqV9X6pBnnQ0lsK087',$,$,$,#81,(#84,#86));
#93=IFCPROPERTYSINGLEVALUE('TrackClass',$,IFCINTEGER(1),$);
#94=IFCPROPERTYSINGLEVALUE('MaxSpeed_Freight_mph',$,IFCREAL(15.),$);
#95=IFCPROPERTYSET('1bGzGqV9X6pBnnQ0lsK095',$,'PNR_TrackDesign',$,(#93,#94));
#96=IFCRELDEFINESBYPROPERTIES('1bGzGqV9X6pBnnQ0lsK096',$,$,$,(#80),#95);
#97=IFCPROPERTYSINGLEVALUE('DesignSpeed_Freight_mph',$,IFCREAL(10.),$);
#98=IFCPROPERTYSET('1bGzGqV9X6pBnnQ0lsK098',$,'PNR_CurveDesign',$,(#97));
#99=IFCRELDEFINESBYPROPERTIES('1bGzGqV9X6pBnnQ0lsK099',$,$,$,(#84),#98);
ENDSEC;
END-ISO-10303-21;
`;

/** A model without any alignment: a project and a site. */
export const MODEL_WITHOUT_ALIGNMENT = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION((''),'2;1');
FILE_NAME('site.ifc','2026-01-20T08:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4X3_ADD2'));
ENDSEC;
DATA;
#1=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#2=IFCUNITASSIGNMENT((#1));
#3=IFCPROJECT('2bGzGqV9X6pBnnQ0lsK003',$,'Depot',$,$,$,$,$,#2);
#4=IFCSITE('2bGzGqV9X6pBnnQ0lsK004',$,'Depot site',$,$,$,$,$,.ELEMENT.,$,$,$,$,$);
#5=IFCRELAGGREGATES('2bGzGqV9X6pBnnQ0lsK005',$,$,$,#3,(#4));
ENDSEC;
END-ISO-10303-21;
`;
